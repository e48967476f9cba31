// Close records kept in memory, insert-only as the database keeps them (UNIQUE on store, mode and
// day; closing twice answers the first close): the practice store's (training-store.ts) and the
// handlers' unit tests' (test-support.ts). The database's own are in pg-close-database.ts.

import { StoredClose } from '../../shared/store/close-record';
import type { StoreCloseDatabase, StoreDayQuery } from './close-database';

export type MemoryCloses = Pick<StoreCloseDatabase, 'readClose' | 'insertClose'> & {
  clear(): void;
};

export function memoryCloses(now: () => Date): MemoryCloses {
  const closes = new Map<string, StoredClose>();
  const key = (q: StoreDayQuery) => `${q.store}|${q.mode}|${q.day}`;
  return {
    readClose: async (q) => closes.get(key(q)) ?? null,
    insertClose: async (close) => {
      const first = closes.get(key(close));
      if (first) return { inserted: false, close: first };
      const stored = StoredClose.parse({
        content: JSON.parse(close.canonical),
        canonical: close.canonical,
        sha256: close.sha256,
        recorded_at: now().toISOString(),
      });
      closes.set(key(close), stored);
      return { inserted: true, close: stored };
    },
    clear: () => closes.clear(),
  };
}
