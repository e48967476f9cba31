// A scripted database side for the store link's tests (the real one is pg-driver.ts over
// electron/store-db/, tested against a real PostgreSQL): it answers what the test put in it, or
// hangs like a server that accepts and never answers.
import type { CustomerInStore, ErasureResult } from '../../shared/bridge/personal-data';
import type { StoreCheck } from '../../shared/bridge/store-db';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { CounterIdentity, CustomerQuery, StoreDbDriver } from './store-link-types';

export type Scripted = StoreDbDriver & {
  /** The URLs replication was started on, in order. */
  started: string[];
  /** The stores and names each start was given. */
  counters: CounterIdentity[];
  stopped: number;
  /** What the next reads answer. */
  answer: StoreCheck;
  /** The read never answers (a server that accepts and hangs). */
  hang: boolean;
  /** While set, stopping a replication waits for it (a batch stuck on a hung server). */
  stopGate: Promise<void> | null;
  /** What the replication says about itself. */
  replication: ReplicationState;
  check: StoreDbDriver['check'];
  /** What the next enrollment answers, and the codes it was given. */
  enrollment: Awaited<ReturnType<StoreDbDriver['enroll']>>;
  codes: string[];
  /** What a customer's look-up and erasure answer (or the error they throw), and what was asked. */
  customer: { look: CustomerInStore; forget: ErasureResult; failure: unknown | null };
  customerCalls: { action: 'look' | 'forget'; query: CustomerQuery }[];
};

export function replicationState(fields: Partial<ReplicationState> = {}): ReplicationState {
  return {
    state: 'ok',
    since: '2026-03-10T15:00:00.000Z',
    replicated_seq: 0,
    waiting_lines: 0,
    last_error_category: null,
    conflict_seq: null,
    unreadable_lines: 0,
    ...fields,
  };
}

export function scriptedDriver(): Scripted {
  const driver: Scripted = {
    started: [],
    counters: [],
    stopped: 0,
    answer: { state: 'clear' },
    hang: false,
    stopGate: null,
    replication: replicationState(),
    enrollment: { enrolled: true, store: 'tienda-centro' },
    codes: [],
    customer: {
      look: { counters: [], closes: 0 },
      forget: { erasure: '1', operations: 0, lines: 0, closes: 0, counters: 0 },
      failure: null,
    },
    customerCalls: [],
    enroll: async (_url, _counter, code) => {
      driver.codes.push(code);
      return driver.enrollment;
    },
    open(url, counter) {
      driver.started.push(url);
      driver.counters.push(counter);
      return {
        replication: () => driver.replication,
        readCode: () =>
          driver.hang ? new Promise<StoreCheck>(() => {}) : Promise.resolve(driver.answer),
        readFreshness: async () => [],
        lookCustomer: async (query) => {
          driver.customerCalls.push({ action: 'look', query });
          if (driver.customer.failure) throw driver.customer.failure;
          return driver.customer.look;
        },
        forgetCustomer: async (query) => {
          driver.customerCalls.push({ action: 'forget', query });
          if (driver.customer.failure) throw driver.customer.failure;
          return driver.customer.forget;
        },
        close: async () => {
          await driver.stopGate;
          driver.stopped += 1;
        },
      };
    },
    check: async () => ({
      ok: false,
      reachable: { ok: true, category: null, server_version: '15.8' },
      migrated: { ok: true, version: 1, required: 1 },
      privileges: { ok: false, missing: [], excess: ['UPDATE journal_lines'] },
      clock: { ok: true, skew_ms: 1200 },
    }),
  };
  return driver;
}
