// Shared by the handler tests: a backend on a real temp data dir with the mock in process, a
// clock the test controls, instant retries, and typed bridge calls through `dispatch`.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, expect } from 'vitest';
import { DaySummary } from '../../../shared/api/in-store';
import type {
  BridgeArgs,
  BridgeMethod,
  BridgeResponse,
  BridgeResult,
} from '../../../shared/bridge';
import { makeTempDir } from '../../journal/test-support';
import type { MockApp } from '../../mock/app';
import { freshMock, NOW, TODAY } from '../../mock/mock-test-support';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Vault } from '../../vault/vault';
import { dispatch } from '../dispatch';
import { browserPrinter } from '../handlers/print-handlers';
import type { HandlerTable } from './create-handlers';
import { type Backend, type BackendOptions, openBackend } from './open-backend';

export const PIN = '4321';

// The mock's one fresh mock and its clock: the backend's clock below is the same NOW.
export { freshMock, makeTempDir, NOW, TODAY };

/** Retries with no wait: the loop's logic is tested, not its timing. */
export const instantRetry = { sleep: async () => {}, random: () => 0 };

/** Retries that wait until the loop is cancelled: the operation stays unknown meanwhile. */
export const stalledRetry = {
  sleep: (_ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    }),
  random: () => 0,
};

export type TestBackendOptions = Partial<Omit<BackendOptions, 'dataDir' | 'trainingApp'>> & {
  dataDir: string;
  mock: MockApp;
  vault?: Vault;
};

export function openTestBackend(options: TestBackendOptions): Promise<Backend> {
  const { mock, ...rest } = options;
  return openBackend({
    shell: 'browser',
    app: { name: 'mostrador', version: '0.0.0-test' },
    vault: createMemoryVault(),
    printer: browserPrinter,
    clock: () => new Date(NOW),
    trainingTimeoutMs: 200,
    retry: instantRetry,
    ...rest,
    trainingApp: mock,
  });
}

export type TestBed = {
  /** This test's data dir. */
  readonly dir: string;
  /** This test's mock: the service, which outlives the app's restarts. */
  readonly mock: MockApp;
  /** The backend opened last. */
  readonly backend: Backend;
  /** Opens a backend on this test's data dir and mock; it is closed after the test. */
  open(options?: Partial<TestBackendOptions>): Promise<Backend>;
  /** `open`, then caja-01's shift started: journaled operations need one. */
  openOnShift(options?: Partial<TestBackendOptions>): Promise<Backend>;
};

/**
 * Per test, a fresh temp data dir and a fresh mock and, with `open`, a backend on them opened
 * before the test with `options` (`on-shift`: with the shift started). Every backend opened
 * through the bed is closed after the test, then the mock, then the dir. Read its fields inside
 * tests and hooks.
 */
export function testBed(
  open?: 'backend' | 'on-shift',
  options: Partial<TestBackendOptions> = {},
): TestBed {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined;
  let mock: MockApp | undefined;
  const opened: Backend[] = [];
  const present = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the test bed has no ${what} outside a test`);
    return value;
  };
  const bed: TestBed = {
    get dir() {
      return present(temp, 'data dir').dir;
    },
    get mock() {
      return present(mock, 'mock');
    },
    get backend() {
      return present(opened.at(-1), 'backend');
    },
    async open(options = {}) {
      const backend = await openTestBackend({ dataDir: bed.dir, mock: bed.mock, ...options });
      opened.push(backend);
      return backend;
    },
    async openOnShift(options = {}) {
      const backend = await bed.open(options);
      await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
      return backend;
    },
  };
  beforeEach(async () => {
    temp = await makeTempDir();
    mock = await freshMock();
    if (open === 'backend') await bed.open(options);
    if (open === 'on-shift') await bed.openOnShift(options);
  });
  afterEach(async () => {
    // Closing is idempotent: a test may already have closed a backend to reopen the dir.
    for (const backend of opened.splice(0)) await backend.close();
    await mock?.close();
    await temp?.remove();
    mock = undefined;
    temp = undefined;
  });
  return bed;
}

export function call<M extends BridgeMethod>(
  table: HandlerTable,
  method: M,
  args: BridgeArgs<M>,
): Promise<BridgeResponse<BridgeResult<M>>> {
  return dispatch(table, method, args, { channel: 'direct', verified: true }) as Promise<
    BridgeResponse<BridgeResult<M>>
  >;
}

/** The result of a call that must succeed at the bridge level. */
export async function ok<M extends BridgeMethod>(
  table: HandlerTable,
  method: M,
  args: BridgeArgs<M>,
): Promise<BridgeResult<M>> {
  const answer = await call(table, method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
}

export async function errorOf<M extends BridgeMethod>(
  table: HandlerTable,
  method: M,
  args: BridgeArgs<M>,
) {
  const answer = await call(table, method, args);
  expect(answer.ok).toBe(false);
  if (answer.ok) throw new Error('expected an error');
  return answer.error;
}

export const PLAIN_SALE = {
  identity: { kind: 'dni' as const, value: '41000001' },
  funding_code: 'VENTA1',
  billed_cents: 120_000,
};

/** Verifies PLAIN_SALE, which must succeed: the step before a paid-and-billed. */
export async function verifiedSale(table: HandlerTable) {
  const verified = await ok(table, 'v3.verify', PLAIN_SALE);
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  return verified;
}

/** What the mock itself says of the day: totals and a row per payment of billed loans. */
export async function mockDay(mock: MockApp, token = 'mock-token') {
  const response = await mock.inject({
    method: 'GET',
    url: `/pos/client/inhouse-downpayment/v2/day-summary?day=${TODAY}&detail=true`,
    headers: { authorization: `Bearer ${token}` },
  });
  return DaySummary.parse(JSON.parse(response.body));
}

/** The in-store payments the mock recorded today for one customer (scenarios seed others). */
export async function externalRows(mock: MockApp, dni = '41000001', token?: string) {
  const day = await mockDay(mock, token);
  return (day.order_detail ?? []).filter(
    (row) => row.payment_origin === 'external' && row.dni === dni,
  );
}

export const readText = (path: string) => readFile(path, 'utf8');

/** A v3 paid-and-billed of a verified sale that meets `fault` once (its answer lost, say). */
export async function billThroughFault(
  table: HandlerTable,
  verifyOpId: string,
  fault: 'lose-response' | 'timeout' | 'server-error' | 'connection-reset' = 'lose-response',
) {
  await ok(table, 'training.injectFault', { operation: 'v3.paidAndBilled', fault, times: 1 });
  return ok(table, 'v3.paidAndBilled', { verify_op_id: verifyOpId });
}
