// Close records kept in memory, made once as the database makes them (one per store, mode and
// day; closing twice answers the first close): the practice store's (training-store.ts) and the
// handlers' unit tests' (test-support.ts). The database's own are made by `store_db_close_day`
// (migration 0103, pg-close-database.ts), which also checks the figures against its lines; here
// the draft is the practice store's own, so it is sealed as it is, its customers masked before
// it is hashed as the database's are (migration 0115).

import { withIdentitiesMasked } from '../../shared/personal-data/mask';
import { StoredClose } from '../../shared/store/close-record';
import type { StoreCloseDatabase, StoreDayQuery } from './close-database';
import { hashClose } from './close-hash';

export type MemoryCloses = Pick<StoreCloseDatabase, 'readClose' | 'closeDay'> & {
  clear(): void;
};

export function memoryCloses(now: () => Date): MemoryCloses {
  const closes = new Map<string, StoredClose>();
  const key = (q: StoreDayQuery) => `${q.store}|${q.mode}|${q.day}`;
  return {
    readClose: async (q) => closes.get(key(q)) ?? null,
    closeDay: async (request) => {
      const first = closes.get(key(request));
      if (first) return { inserted: false, close: first };
      const recorded_at = now().toISOString();
      const content = withIdentitiesMasked({
        ...request.draft,
        closed: {
          supervisor: request.supervisor.trim(),
          cashier_id: request.cashier_id,
          terminal_id: request.terminal_id,
          terminal_name:
            request.draft.counters.find((c) => c.terminal_id === request.terminal_id)
              ?.terminal_name ?? null,
          note: request.note?.trim() || null,
          exceptions_acknowledged: request.draft.exceptions.length,
          recorded_at,
        },
      });
      const { canonical, sha256 } = hashClose(content);
      const stored = StoredClose.parse({ content, canonical, sha256, recorded_at });
      closes.set(key(request), stored);
      return { inserted: true, close: stored };
    },
    clear: () => closes.clear(),
  };
}
