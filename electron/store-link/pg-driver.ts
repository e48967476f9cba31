// The store link's database side, over electron/store-db/ (PostgreSQL through node-postgres):
// the replicator woken by every journal append, a small pool for the reads, and "Probar
// conexión". The replication cursor is kept per database (host, port, database), so pointing a
// counter at another database sends it every line again instead of only the ones after the old
// cursor (docs/decisions.md "The store database from the counter (issue 20, app side)").
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { StoreCheck } from '../../shared/bridge/store-db';
import type { CodeAcrossCounters } from '../../shared/store/code-across-counters';
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import { checkStoreDb } from '../store-db/check-connection';
import { startReplicator } from '../store-db/replicator';
import { openStoreDbPool } from '../store-db/store-db-pool';
import { readCodeAcrossCounters, readFreshness } from '../store-db/store-queries';
import { checkStoreDbUrl } from './store-db-url';
import type { StoreDbDriver } from './store-link';

export type PgDriverOptions = {
  dataDir: string;
  journal: Journal;
  logger: Logger;
  clock?: () => Date;
};

export function createPgDriver(options: PgDriverOptions): StoreDbDriver {
  const { journal, logger } = options;
  return {
    open(url, counter) {
      const replicator = startReplicator({
        url,
        journalPath: journal.path,
        cursorPath: join(options.dataDir, cursorFileFor(url)),
        terminalId: counter.terminalId,
        terminalName: counter.terminalName,
        appVersion: counter.appVersion,
        stores: counter.stores,
        timeZone: counter.timeZone,
        signingKey: counter.signingKey,
        openOperations: async () => (await journal.unresolved()).length,
        ...(options.clock ? { clock: options.clock } : {}),
        onState: (state) => {
          if (state.state !== 'ok' && state.state !== 'behind') {
            logger.warn('store database replication', {
              state: state.state,
              category: state.last_error_category,
              waiting_lines: state.waiting_lines,
            });
          }
        },
      });
      const unsubscribe = journal.subscribe((entry) => replicator.wake(entry.seq));
      let pool: ReturnType<typeof openStoreDbPool> | null = null;
      const reads = () => {
        pool ??= openStoreDbPool(url);
        return pool;
      };
      return {
        replication: () => replicator.state(),
        async readCode(query, waitMs) {
          const answer = await readCodeAcrossCounters(
            reads(),
            {
              store: query.store,
              mode: query.mode,
              funding_code: query.fundingCode,
              exclude_terminal_id: query.terminalId,
            },
            waitMs,
          );
          return storeCheckOf(answer);
        },
        async readFreshness(query) {
          const answer = await readFreshness(reads(), query);
          return answer.ok ? answer.rows : null;
        },
        async close() {
          unsubscribe();
          // The database hears the counter leave (signed off, not silent) when nothing is open.
          await replicator.stop({ signOff: true });
          await pool?.end().catch(() => undefined);
        },
      };
    },
    check: (url) => checkStoreDb(url, options.clock ? { clock: options.clock } : {}),
  };
}

/**
 * What Verify and Info show: a paid-and-billed in doubt at another counter comes first (money may
 * be moving there now), else the latest billing not undone (docs/decisions.md).
 */
export function storeCheckOf(answer: CodeAcrossCounters): StoreCheck {
  if (!answer.checked) return { state: 'not-checked' };
  const latest = (kind: 'billed' | 'in-doubt') =>
    answer.findings
      .filter((finding) => finding.kind === kind)
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  const counter = (finding: { terminal_id: string; terminal_name: string | null; at: string }) => ({
    terminal_id: finding.terminal_id,
    terminal_name: finding.terminal_name,
    at: finding.at,
  });
  const inDoubt = latest('in-doubt');
  if (inDoubt) return { state: 'in-doubt-elsewhere', counter: counter(inDoubt) };
  const billed = latest('billed');
  if (billed) return { state: 'billed-elsewhere', counter: counter(billed) };
  return { state: 'clear' };
}

/** `store-db-cursor-<12 hex of host:port/database>.json`: one cursor per database. */
export function cursorFileFor(url: string): string {
  const checked = checkStoreDbUrl(url);
  const key = checked.ok
    ? `${checked.target.host}:${checked.target.port}/${checked.target.database}`
    : url;
  return `store-db-cursor-${createHash('sha256').update(key).digest('hex').slice(0, 12)}.json`;
}
