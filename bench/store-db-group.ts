// What bench/store-db.ts tells each counter group process (bench/store-db-lag-entry.ts), as JSON
// in its first argument: written once here, for both sides.
export type CounterGroupConfig = {
  url: string;
  /**
   * One URL per store (a login per store, as "Walls between stores" would give a chain): counter
   * i uses `urls[i % stores]`. Without it every counter uses `url`.
   */
  urls?: string[];
  root: string;
  first: number;
  count: number;
  seconds: number;
  store: string;
  /** A line per counter every `intervalMs` (default 100). */
  intervalMs?: number;
  /** Counter i is in store `<store>-<i % stores>` when set (a chain's stores). */
  stores?: number;
  /** How long every replicator may take to reach the database at the start (default 60 s). */
  readyMs?: number;
  /** Journals and cursors in memory (simulated counters), else files under `root`. */
  memory?: boolean;
};
