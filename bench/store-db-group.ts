// What bench/store-db.ts tells each counter group process (bench/store-db-lag-entry.ts), as JSON
// in its first argument: written once here, for both sides.
import { createHash } from 'node:crypto';

/**
 * A bench counter's key, the same in the bench (which enrolls it) and in its counter process:
 * SHA-256 of the run's seed and the terminal id.
 */
export function benchKey(seed: string, terminalId: string): Buffer {
  return createHash('sha256').update(`${seed}:${terminalId}`).digest();
}

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
  /** The counters' id prefix (default `CAJA`): `<prefix>0000`…, as the bench enrolled them. */
  prefix?: string;
  /** The seed of every counter's key (benchKey): the bench enrolled them with it. */
  keySeed: string;
};
