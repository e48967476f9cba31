// A training-mode backend for fuzzing the bridge: the in-process mock, a short client timeout (an
// armed timeout fault must not stall 10,000 cases), instant retries, and the data dir on tmpfs
// where there is one (the journal's fsyncs would otherwise dominate; durability is part 1's and
// part 2's subject, not this one's). Seeded with a sale so op_ids in the samples are real.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Backend, openBackend } from '../../electron/ipc/compose/open-backend';
import { dispatch } from '../../electron/ipc/dispatch';
import { browserPrinter } from '../../electron/ipc/handlers/print-handlers';
import type { MockApp } from '../../electron/mock/app';
import { NO_LOCKOUT } from '../../electron/settings/pin-lockout';
import { scriptedDriver } from '../../electron/store-link/test-support';
import { createMemoryVault } from '../../electron/vault/memory-vault';
import { type BridgeArgs, type BridgeMethod, bridgeExamples } from '../../shared/bridge/contract';
import { lowCostPinHash } from '../support/low-cost-pin';

export const NOW = '2026-03-10T15:00:00.000Z';
export const CALLER = { channel: 'direct', verified: true } as const;
export const PIN = '1234';

export type FuzzBackend = {
  backend: Backend;
  ids: { verify: string; info: string; billed: string };
  close(): Promise<void>;
};

export async function openFuzzBackend(mock: MockApp): Promise<FuzzBackend> {
  const root = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = await mkdtemp(join(root, 'mostrador-fuzz-'));
  // A shift open and a PIN set, so arguments that pass the contract reach the handlers' depths.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      cashier_id: 'caja-01',
      supervisor_pin: lowCostPinHash(PIN),
      pin_lockout: NO_LOCKOUT,
    }),
    { mode: 0o600 },
  );
  const backend = await openBackend({
    dataDir,
    shell: 'browser',
    app: { name: 'mostrador', version: '0.0.0-fuzz' },
    vault: createMemoryVault(),
    printer: browserPrinter,
    clock: () => new Date(NOW),
    trainingApp: mock,
    trainingTimeoutMs: 50,
    retry: { sleep: async () => {}, random: () => 0 },
    // Fuzzed URLs with the right PIN would reach for hosts on the network: the database side is
    // scripted here (the real one is tested against PostgreSQL in electron/store-link/).
    storeDb: { driver: scriptedDriver() },
  });
  const ok = async (method: string, args: unknown) => {
    const answer = await dispatch(backend.table, method, args, CALLER);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.code}`);
    return answer.result as { op_id: string };
  };
  await ok('training.reset', {});
  const identity = { kind: 'dni', value: '41000001' };
  const verify = await ok('v3.verify', { identity, funding_code: 'VENTA1', billed_cents: 120_000 });
  const billed = await ok('v3.paidAndBilled', { verify_op_id: verify.op_id });
  const info = await ok('v2.info', { identity, funding_code: 'VENTA1' });
  return {
    backend,
    ids: { verify: verify.op_id, info: info.op_id, billed: billed.op_id },
    close: async () => {
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Methods the fuzzer starts from `{}`: they take no arguments, or a valid call would reach what
 * this suite must not (an order at the service, a PDF on disk, a store database), and their own
 * tests cover them. A new bridge method carries an `example` on its contract entry, or goes in
 * `backendSamples` or here, with its reason; `fuzz-samples.test.ts` fails until it does.
 */
export const STARTS_FROM_EMPTY: readonly BridgeMethod[] = [
  // No arguments.
  'app.info',
  'settings.get',
  'settings.testConnection',
  'shift.end',
  'token.status',
  'limits.get',
  'journal.unresolved',
  'journal.health',
  'journal.continuation',
  'journal.announcements',
  'training.scenarios',
  'training.reset',
  'integration.queue',
  'integration.status',
  'money.held',
  'storeDb.status',
  'storeDb.replication',
  'storeDb.freshness',
  // Orders, fragments and their trainer control: an order made per fuzz case is not this
  // suite's subject (electron/ipc/handlers/orders-handlers.test.ts, html-handlers).
  'orders.create',
  'orders.get',
  'orders.confirm',
  'orders.cancel',
  'orders.refund',
  'orders.refundRetry',
  'html.addOn',
  'html.infoSteps',
  'training.setOrderStatus',
  // Money held, the store close, the test page and the PDF: a valid call writes a note, reads a
  // store database there is none of, prints or writes a file (their own tests cover them).
  'money.settleHeld',
  'storeClose.load',
  'storeClose.close',
  'storeClose.markOff',
  // The cashier's answer about a silent counter: a valid call names a Verify the store database
  // asked about, which this suite has none of (electron/ipc/handlers/store-db-handlers.test.ts).
  'storeDb.answerElsewhere',
  'receipt.testPage',
  'print.pdf',
];

/**
 * Valid arguments of each method: what the fuzzer starts from before it breaks them. A method's
 * `example` on its contract entry (shared/bridge/) is its sample; the ones below need this backend
 * (an op_id of its journal, its PIN) or a choice of this suite (no socket, no file), with why.
 */
export function validSamples(ids: FuzzBackend['ids']): Partial<Record<BridgeMethod, unknown>> {
  return { ...bridgeExamples(), ...backendSamples(ids) };
}

function backendSamples(ids: FuzzBackend['ids']): { [M in BridgeMethod]?: BridgeArgs<M> } {
  const identity = { kind: 'dni', value: '41000001' } as const;
  return {
    'settings.update': { pin: PIN, change: { store_name: 'Tienda', language: 'en' } },
    'settings.setLanguage': { language: 'en' },
    // Head office: in training with no store case on, refused before it reads anything.
    'headOffice.grid': { days: 14 },
    'headOffice.day': { store: 'training:practica-arequipa', day: '2026-03-09' },
    'headOffice.pdf': {
      day: '2026-03-09',
      language: 'es-PE',
      filter: { region: 'Lima', text: 'centro' },
    },
    'shift.start': { cashier_id: 'caja-01' },
    'supervisor.setPin': { pin: PIN },
    'supervisor.checkPin': { pin: PIN },
    'token.set': { pin: PIN, token: 'token-for-fuzz-1234' },
    'token.clear': { pin: PIN },
    'v3.paidAndBilled': { verify_op_id: ids.verify },
    'v3.undoBilling': { identity, funding_code: 'VENTA1', pin: PIN, reason: 'cambio de producto' },
    // Training only, the practice store of a store case: here it answers not-available.
    'storeClose.practiceReconnect': { day: '2026-03-10' },
    'v2.paidAndBilled': { info_op_id: ids.info },
    'v2.undoBilling': { identity, funding_code: 'VENTA1', pin: PIN, reason: 'cambio de producto' },
    'journal.operations': { day: '2026-03-10' },
    'journal.operation': { op_id: ids.billed },
    'journal.acknowledge': { op_id: ids.billed },
    'journal.close': { op_id: ids.billed, pin: PIN, note: 'checked with the customer' },
    'training.applyScenario': { name: 'plain-sale' },
    'training.acceptSchedule': { funding_code: 'VENTA1' },
    'training.injectFault': { operation: 'v3.verify', fault: 'server-error', times: 1 },
    // No printer is set in the fuzz backend: print answers not-configured, as a value. The PDF and
    // the test page have no valid sample: 10,000 files, or connections to whatever host a
    // broken address names, are not what this suite is for (their own tests cover them).
    'receipt.preview': { request: { document: 'sale-record', op_id: ids.billed } },
    'receipt.print': { request: { document: 'sale-record', op_id: ids.billed } },
    'training.releaseFaults': {},
    'training.sendTillSale': { billed_cents: 120_000, document_type: 'boleta' },
    'integration.read': { request_id: 'FUZZ-1' },
    'integration.cancel': { request_id: 'FUZZ-1' },
    // Off: fuzzed ports must not open sockets all over the machine.
    'integration.configure': { pin: PIN, enabled: false, port: 4700 },
    'integration.rotateKey': { pin: PIN },
    'storeDb.configure': { pin: PIN, url: null },
    'storeDb.test': { pin: PIN, url: 'postgres://caja:secreto@127.0.0.1:1/tienda' },
    // The memory vault keeps the key; with no URL set, nothing starts.
    'storeDb.acceptWeakKey': { pin: PIN },
    // With no URL in use (configure's sample removes it) nothing is sent: the link answers
    // `bad-url`; on a URL, the scripted driver answers (no host is reached either way).
    'storeDb.enroll': { pin: PIN, code: 'ABCD-EFGH-JKLM' },
    // A supervisor's look-up and erasure of a customer: this journal's, and the store's when set.
    'customer.find': { pin: PIN, supervisor: 'Rosa', identity },
    'customer.erase': { pin: PIN, supervisor: 'Rosa', identity },
    'print.document': {
      document: 'day-summary',
      layout: 'a4',
      target: 'printer',
      route: '#/print/day-summary?day=2026-03-10',
    },
  };
}
