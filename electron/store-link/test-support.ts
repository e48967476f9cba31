// A scripted database side for the store link's tests (the real one is electron/store-db/, tested
// against a real PostgreSQL): it answers what the test put in it, or hangs like a server that
// accepts and never answers.
import type { ReplicationState } from '../../shared/bridge/store-db';
import type { StoreOperationRow } from '../../shared/store/store-operation';
import type { StoreDbDriver } from './store-link';

export type Scripted = StoreDbDriver & {
  started: string[];
  stopped: number;
  rows: StoreOperationRow[];
  /** The read never answers (a server that accepts and hangs). */
  hang: boolean;
  aborted: number;
  /** What the replicator says about itself. */
  replication: ReplicationState;
};

export function scriptedDriver(): Scripted {
  const driver: Scripted = {
    started: [],
    stopped: 0,
    rows: [],
    hang: false,
    aborted: 0,
    replication: { state: 'ok', since: null, waiting_lines: 0 },
    startReplicator(url) {
      driver.started.push(url);
      return {
        state: () => driver.replication,
        stop: async () => {
          driver.stopped += 1;
        },
      };
    },
    check: async () => ({
      reachable: { status: 'ok', reason: 'ok' },
      migrated: { status: 'ok', reason: 'ok' },
      privileges: { status: 'failed', reason: 'too-many' },
      clock: { status: 'ok', reason: 'ok' },
      clock_skew_ms: 1200,
    }),
    readCode: (_url, _query, signal) =>
      driver.hang
        ? new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              driver.aborted += 1;
              reject(new Error('aborted'));
            });
          })
        : Promise.resolve(driver.rows),
    readFreshness: async () => [],
  };
  return driver;
}

export function row(fields: Partial<StoreOperationRow>): StoreOperationRow {
  return {
    store: 'tienda-centro',
    mode: 'live',
    terminal_id: 'CAJA01',
    terminal_name: 'Caja 1',
    op_id: crypto.randomUUID(),
    operation: 'v3.paidAndBilled',
    status: 'succeeded',
    identity_kind: 'dni',
    identity_value: '41000001',
    funding_code: 'CODE1',
    cashier_id: 'caja-01',
    billed_cents: 100_000,
    collected_cents: 20_000,
    store_day: '2026-03-10',
    started_at: '2026-03-10T15:42:00.000Z',
    resolved_at: '2026-03-10T15:42:01.000Z',
    service_message: null,
    ...fields,
  };
}
