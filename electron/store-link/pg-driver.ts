// The store link's database side, over electron/store-db/ (PostgreSQL through node-postgres):
// the replicator woken by every journal append, a small pool for the reads, and "Probar
// conexión". The replication cursor is kept per database (host, port, database), so pointing a
// counter at another database sends it every line again instead of only the ones after the old
// cursor (docs/decisions.md "The store database from the counter (issue 20, app side)").
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { StoreCheck } from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { CodeAcrossCounters } from '../../shared/store/code-across-counters';
import { heldMoney } from '../ipc/workflows/held-money';
import type { Journal } from '../journal/journal';
import { journalOfLines } from '../journal/journal-lines';
import type { Logger } from '../log/logger';
import { checkStoreDb } from '../store-db/check-connection';
import { enrollCounter } from '../store-db/enrollment';
import {
  CustomerInStore,
  ErasureResult,
  PERSONAL_DATA_SQL,
  personalDataParams,
} from '../store-db/personal-data';
import { startReplicator } from '../store-db/replicator';
import { poolCalls } from '../store-db/store-calls';
import { openStoreDbPool } from '../store-db/store-db-pool';
import { readCodeAcrossCounters, readFreshness } from '../store-db/store-queries';
import { applyErasureNotices } from './erasure-notices';
import { checkStoreDbUrl } from './store-db-url';
import type { CustomerQuery, StoreDbDriver } from './store-link-types';

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
        openOperations: () => journal.unresolvedCount(),
        ...(options.clock ? { clock: options.clock } : {}),
        // Erasures in the store reach this counter's journal (docs/personal-data.md).
        erasures: {
          apply: async (notices) => {
            const outcomes = await applyErasureNotices(journal, notices);
            for (const o of outcomes)
              logger.info('erasure notice applied to the journal', {
                notice: o.id,
                masked: o.masked,
                waiting: o.waiting,
              });
            return outcomes;
          },
        },
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
      let calls: ReturnType<typeof poolCalls> | null = null;
      // This counter's signed reads of its own store (migration 0112): the database answers for
      // the store its key is enrolled in, whatever the login.
      const reads = () => {
        pool ??= openStoreDbPool(url);
        calls ??= poolCalls(pool, async () => ({
          terminalId: counter.terminalId,
          signingKey: counter.signingKey,
        }));
        return calls;
      };
      // A signed call about a customer, in a READ WRITE transaction of its own (migration 0115).
      const customer = async (action: 'look' | 'forget', query: CustomerQuery) => {
        const call = {
          terminalId: counter.terminalId,
          at: (options.clock ?? (() => new Date()))().toISOString(),
          action,
          args: JSON.stringify(query),
        };
        const result = await reads().write<{ answer: unknown }>(
          PERSONAL_DATA_SQL,
          personalDataParams(call, counter.signingKey),
        );
        return result.rows[0]?.answer;
      };
      return {
        replication: () => replicator.state(),
        async readCode(query, waitMs) {
          const answer = await readCodeAcrossCounters(
            reads(),
            { store: query.store, mode: query.mode, funding_code: query.fundingCode },
            waitMs,
          );
          return storeCheckOf(answer, query.mode);
        },
        async readFreshness(query) {
          const answer = await readFreshness(reads(), query);
          return answer.ok ? answer.rows : null;
        },
        lookCustomer: async (query) => CustomerInStore.parse(await customer('look', query)),
        forgetCustomer: async (query) => ErasureResult.parse(await customer('forget', query)),
        async close() {
          unsubscribe();
          // The database hears the counter leave (signed off, not silent) when nothing is open.
          await replicator.stop({ signOff: true });
          await pool?.end().catch(() => undefined);
        },
      };
    },
    check: (url) => checkStoreDb(url, options.clock ? { clock: options.clock } : {}),
    enroll: (url, counter, code) =>
      enrollCounter(url, counter.terminalId, counter.signingKey, code, counter.stores.live),
  };
}

/**
 * What Verify and Info show: a paid-and-billed in doubt at another counter comes first (money may
 * be moving there now), then the latest billing not undone, then money another counter holds for
 * a refused sale of the code (folded from its lines as its own journal folds them); with none of
 * these, the silent counters the cashier must ask about (docs/decisions.md).
 */
export async function storeCheckOf(
  answer: CodeAcrossCounters,
  mode: OperationMode,
): Promise<StoreCheck> {
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
  const silent = answer.silent.map((row) => ({
    terminal_id: row.terminal_id,
    terminal_name: row.terminal_name,
    since: row.since,
  }));
  const inDoubt = latest('in-doubt');
  if (inDoubt) return { state: 'in-doubt-elsewhere', counter: counter(inDoubt), silent };
  const billed = latest('billed');
  if (billed) return { state: 'billed-elsewhere', counter: counter(billed), silent };
  const held = await heldElsewhere(answer.held_lines, mode);
  if (held) {
    return {
      state: 'held-elsewhere',
      counter: { terminal_id: held.terminal_id, terminal_name: held.terminal_name, at: held.at },
      amount_cents: held.amount_cents,
      silent,
    };
  }
  return { state: 'clear', silent };
}

/** The oldest hold another counter keeps for this code, folded per counter from its lines. */
async function heldElsewhere(
  rows: readonly { terminal_id: string; terminal_name: string | null; line: string }[],
  mode: OperationMode,
): Promise<{
  terminal_id: string;
  terminal_name: string | null;
  at: string;
  amount_cents: number;
} | null> {
  const byCounter = new Map<string, { name: string | null; lines: string[] }>();
  for (const row of rows) {
    const found = byCounter.get(row.terminal_id);
    if (found) found.lines.push(row.line);
    else byCounter.set(row.terminal_id, { name: row.terminal_name, lines: [row.line] });
  }
  let oldest: {
    terminal_id: string;
    terminal_name: string | null;
    at: string;
    amount_cents: number;
  } | null = null;
  for (const [terminal_id, { name, lines }] of byCounter) {
    for (const hold of await heldMoney(journalOfLines(lines), mode)) {
      if (hold.amount_cents <= 0) continue;
      if (oldest === null || hold.held_at < oldest.at)
        oldest = {
          terminal_id,
          terminal_name: name,
          at: hold.held_at,
          amount_cents: hold.amount_cents,
        };
    }
  }
  return oldest;
}

/** `store-db-cursor-<12 hex of host:port/database>.json`: one cursor per database. */
export function cursorFileFor(url: string): string {
  const checked = checkStoreDbUrl(url);
  const key = checked.ok
    ? `${checked.target.host}:${checked.target.port}/${checked.target.database}`
    : url;
  return `store-db-cursor-${createHash('sha256').update(key).digest('hex').slice(0, 12)}.json`;
}
