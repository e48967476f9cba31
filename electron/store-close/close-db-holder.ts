// The store close's pool on the database the store link uses (docs/store-close.md): opened at its
// first use, opened anew when a supervisor points the counter at another database, ended at
// close. A replaced pool is ended only once the reads and writes under way through it are done:
// a close being read or kept when the URL changes finishes on the database it began on.
import type { StoreDbPool } from '../store-db/store-db-pool';
import type { StoreCloseDatabase } from './close-database';

export type CloseDbHolder = { get(): StoreCloseDatabase | null; end(): Promise<void> };

type Generation = {
  url: string;
  pool: StoreDbPool;
  db: StoreCloseDatabase;
  inUse: number;
  retired: boolean;
  ended: Promise<void> | null;
};

const endOf = (gen: Generation): Promise<void> => {
  gen.ended ??= gen.pool.end().catch(() => undefined);
  return gen.ended;
};

/** Every method of `db`, counted while it runs, so the pool is ended only when it is unused. */
function counted(gen: Generation, db: StoreCloseDatabase): StoreCloseDatabase {
  const track =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      gen.inUse += 1;
      try {
        return await run(...args);
      } finally {
        gen.inUse -= 1;
        if (gen.retired && gen.inUse === 0) void endOf(gen);
      }
    };
  return {
    readStoreDay: track(db.readStoreDay),
    readFreshness: track(db.readFreshness),
    readHeld: track(db.readHeld),
    ...(db.readCodesBefore ? { readCodesBefore: track(db.readCodesBefore) } : {}),
    closeDay: track(db.closeDay),
    readClose: track(db.readClose),
    ...(db.markOff ? { markOff: track(db.markOff) } : {}),
    // A close's reads and its insert, as one use: between them nothing of it is under way, and
    // the pool must not be ended there either.
    within: <R>(run: () => Promise<R>) => track(run)(),
  };
}

export function closeDbHolder(
  urlInUse: () => string | null,
  open: (url: string) => StoreDbPool,
  /** The close on a pool: `pgCloseDatabase` with this counter's key (open-backend.ts). */
  dbOf: (pool: StoreDbPool) => StoreCloseDatabase,
): CloseDbHolder {
  let current: Generation | null = null;
  const retired = new Set<Generation>();
  return {
    get: () => {
      const url = urlInUse();
      if (!url) return null;
      if (url !== current?.url) {
        const old = current;
        if (old) {
          old.retired = true;
          retired.add(old);
          if (old.inUse === 0) void endOf(old);
        }
        const pool = open(url);
        const gen: Generation = {
          url,
          pool,
          db: dbOf(pool),
          inUse: 0,
          retired: false,
          ended: null,
        };
        gen.db = counted(gen, gen.db);
        current = gen;
      }
      return current.db;
    },
    end: async () => {
      await Promise.all([...retired, ...(current ? [current] : [])].map(endOf));
    },
  };
}
