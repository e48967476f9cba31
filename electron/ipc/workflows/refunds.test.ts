// Refunds through the real handlers, journal and mock: one X-Unique-Token per refund, journaled
// before the call and sent again on every retry — automatic, after a restart, or asked for by
// the cashier — so a lost answer never becomes a second refund at the service.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeArgs, BridgeMethod } from '../../../shared/bridge';
import { openJournal } from '../../journal/journal';
import type { MockApp } from '../../mock/app';
import type { Backend } from '../compose/open-backend';
import {
  call,
  errorOf,
  freshMock,
  instantRetry,
  makeTempDir,
  NOW,
  ok,
  openTestBackend,
  stalledRetry,
} from '../compose/test-support';
import type { HandlerDeps } from '../deps';
import {
  confirmedOrder,
  mockOrder,
  recordingMock,
  refundTokens,
  type SeenRequest,
} from '../handlers/test-support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let recorded: { app: MockApp; seen: SeenRequest[] };
let backend: Backend | null = null;
/** Every bridge answer of a test, for the final "no token" scan. */
const answers: string[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  // The mock stands for the service, which outlives the app's restarts.
  mock = await freshMock();
  recorded = recordingMock(mock);
  answers.length = 0;
});

afterEach(async () => {
  await backend?.close();
  backend = null;
  await mock.close();
  await temp.remove();
});

async function open(retry: HandlerDeps['retry'] = instantRetry) {
  backend = await openTestBackend({ dataDir: temp.dir, mock: recorded.app, retry });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
  return backend;
}

async function bridge<M extends BridgeMethod>(b: Backend, method: M, args: BridgeArgs<M>) {
  const answer = await ok(b.table, method, args);
  answers.push(JSON.stringify(answer));
  return answer;
}

async function journaledToken(b: Backend, opId: string): Promise<string> {
  const token = (await b.journal.operation(opId))?.intent.meta?.unique_token;
  if (typeof token !== 'string') throw new Error('no unique_token in the intent');
  return token;
}

/** Lines of the journal file that contain `text`, by entry type. */
async function journalLinesWith(b: Backend, text: string) {
  const lines = (await readFile(b.journal.path, 'utf8')).split('\n').filter(Boolean);
  return lines.filter((l) => l.includes(text)).map((l) => JSON.parse(l).type as string);
}

const faultRefund = (b: Backend, times: number) =>
  ok(b.table, 'training.injectFault', {
    operation: 'orders.refund',
    fault: 'lose-response',
    times,
  });

describe('orders.refund', () => {
  it('makes a total refund with the cashier as author and one new token', async () => {
    const b = await open();
    const orderId = await confirmedOrder(b.table);
    const refund = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'total',
      reason: 'producto devuelto',
    });
    expect(refund).toMatchObject({
      status: 'succeeded',
      data: { kind: 'total', status: 'success', refund_method: 'card' },
    });
    if (refund.status !== 'succeeded') return;
    expect(refund.data.tracking_id).toMatch(/^RF/);

    const operation = await b.journal.operation(refund.op_id);
    expect(operation).toMatchObject({
      operation: 'orders.refundTotal',
      status: 'succeeded',
      calls: 1,
      intent: {
        cashier_id: 'CAJA-01',
        order_id: orderId,
        request: { author: 'CAJA-01', reason: 'producto devuelto' },
        meta: { unique_token: expect.stringMatching(UUID) },
      },
      outcome: { result: { status: 'success', tracking_id: refund.data.tracking_id } },
    });
    const token = await journaledToken(b, refund.op_id);
    expect(refundTokens(recorded.seen)).toEqual([token]);
    expect(mockOrder(mock, orderId)).toMatchObject({
      status: 'canceled',
      refunds: [{ kind: 'total', amount: 150_000 }],
    });

    // A second total refund is a new transaction: a new token, and the service says so.
    const again = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'total',
      reason: 'doble clic',
    });
    expect(again).toMatchObject({ status: 'succeeded', data: { status: 'already_refunded' } });
    const tokens = refundTokens(recorded.seen);
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).not.toBe(token);
    expect(mockOrder(mock, orderId).refunds).toHaveLength(1);
  });

  it('makes partial refunds of an amount, decreasing the debt first', async () => {
    const b = await open();
    const orderId = await confirmedOrder(b.table);
    const small = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_050,
      reason: 'descuento posterior',
    });
    expect(small).toMatchObject({
      status: 'succeeded',
      data: {
        kind: 'partial',
        status: 'decreased_debt',
        refund_method: 'transfer',
        refund_cents: 10_050,
      },
    });
    const operation = await b.journal.operation(small.op_id);
    expect(operation?.intent).toMatchObject({
      operation: 'orders.refundPartial',
      refund_cents: 10_050,
      request: { amount: 100.5, author: 'CAJA-01', reason: 'descuento posterior' },
    });
    const tooMuch = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 150_000,
      reason: 'todo',
    });
    expect(tooMuch).toMatchObject({
      status: 'refused',
      error: {
        category: 'state-conflict',
        httpStatus: 400,
        message: 'Amount must be less than the approved amount',
      },
    });
    expect(mockOrder(mock, orderId).refunds).toEqual([{ kind: 'partial', amount: 10_050 }]);
  });

  it("answers the service's refusal for an order not confirmed, with its exact text", async () => {
    const b = await open();
    const created = await ok(b.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    const orderId = created.status === 'succeeded' ? created.order_id : '';
    const total = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'total',
      reason: 'nope',
    });
    expect(total).toMatchObject({
      status: 'refused',
      error: { message: 'Disbursement could not be made' },
    });
    const partial = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 100,
      reason: 'nope',
    });
    expect(partial).toMatchObject({
      status: 'refused',
      error: { message: 'Partial disbursement could not be made' },
    });
    const missing = await bridge(b, 'orders.refund', {
      order_id: 'WEB-404',
      kind: 'total',
      reason: 'nope',
    });
    expect(missing).toMatchObject({
      status: 'refused',
      error: { category: 'not-found', message: 'Order does not exist' },
    });
  });

  it('needs a reason, an amount for a partial refund and none for a total one', async () => {
    const b = await open();
    const cases: Array<[unknown, string]> = [
      [{ order_id: 'MOS-1', kind: 'total' }, 'reason'],
      [{ order_id: 'MOS-1', kind: 'total', reason: '  ' }, 'reason'],
      [{ order_id: 'MOS-1', kind: 'partial', reason: 'cambio' }, 'amount_cents'],
      [{ order_id: 'MOS-1', kind: 'partial', amount_cents: 0, reason: 'cambio' }, 'amount_cents'],
      [{ order_id: 'MOS-1', kind: 'total', amount_cents: 100, reason: 'cambio' }, '_'],
      [{ order_id: 'MOS/1', kind: 'total', reason: 'cambio' }, 'order_id'],
    ];
    for (const [args, issue] of cases) {
      const error = await errorOf(b.table, 'orders.refund', args as never);
      expect(error.code, JSON.stringify(args)).toBe('bad-arguments');
      expect(Object.keys(error.issues ?? {}).join(), JSON.stringify(args)).toContain(issue);
    }
    expect(refundTokens(recorded.seen)).toEqual([]);
    expect(await b.journal.unresolved()).toEqual([]);
  });

  it('needs a shift: the author is the cashier on shift', async () => {
    const b = await open();
    await ok(b.table, 'shift.end', {});
    const error = await errorOf(b.table, 'orders.refund', {
      order_id: 'MOS-1',
      kind: 'total',
      reason: 'cambio',
    });
    expect(error.code).toBe('not-configured');
  });
});

describe('a refund whose answer is lost after the mock applied it', () => {
  it('is retried with the same token and the mock shows exactly one refund', async () => {
    const b = await open();
    const orderId = await confirmedOrder(b.table);
    await faultRefund(b, 1);
    const lost = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_000,
      reason: 'descuento',
    });
    expect(lost).toMatchObject({
      status: 'unknown',
      retrying: true,
      error: { category: 'network' },
    });
    await b.table.whenIdle();

    const operation = await bridge(b, 'journal.operation', { op_id: lost.op_id });
    expect(operation).toMatchObject({
      status: 'succeeded',
      calls: 2,
      outcome: { http_status: 200 },
    });
    const token = await journaledToken(b, lost.op_id);
    expect(refundTokens(recorded.seen)).toEqual([token, token]);
    // The second call got the first one's answer replayed: one refund, one kept answer.
    const atMock = mockOrder(mock, orderId);
    expect(atMock.refunds).toEqual([{ kind: 'partial', amount: 10_000 }]);
    expect(atMock.replayKeys).toEqual([`partial:${token}`]);

    // Asking again answers the journaled success, with no further call.
    const retried = await bridge(b, 'orders.refundRetry', { op_id: lost.op_id });
    expect(retried).toMatchObject({
      status: 'succeeded',
      op_id: lost.op_id,
      data: { status: 'decreased_debt', refund_cents: 10_000 },
    });
    expect(refundTokens(recorded.seen)).toHaveLength(2);

    // The token is in the journal's intent line only, and in no bridge answer.
    expect(await journalLinesWith(b, token)).toEqual(['intent']);
    for (const answer of answers) expect(answer).not.toContain(token);
    expect(JSON.stringify(operation)).not.toContain('unique_token');
    expect(await journalLinesWith(b, 'mock-token')).toEqual([]);
  });

  it('takes a gateway’s 200 with an error as unknown and retries it with the same token', async () => {
    const b = await open();
    const orderId = await confirmedOrder(b.table);
    await ok(b.table, 'training.injectFault', {
      operation: 'orders.refund',
      fault: 'gateway-error',
      times: 1,
    });
    const first = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_000,
      reason: 'descuento',
    });
    expect(first).toMatchObject({
      status: 'unknown',
      retrying: true,
      error: { category: 'bad-response', httpStatus: 200 },
    });
    await b.table.whenIdle();
    const operation = await bridge(b, 'journal.operation', { op_id: first.op_id });
    expect(operation).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
    // The gateway's answer never reached the mock: the retry is the one call it saw.
    const token = await journaledToken(b, first.op_id);
    expect(refundTokens(recorded.seen)).toEqual([token]);
    expect(mockOrder(mock, orderId).refunds).toEqual([{ kind: 'partial', amount: 10_000 }]);
  });

  it('answers the open refund, not a new one, while its outcome is unknown', async () => {
    const b = await open(stalledRetry);
    const orderId = await confirmedOrder(b.table);
    await faultRefund(b, 1);
    const lost = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_000,
      reason: 'descuento',
    });
    expect(lost.status).toBe('unknown');
    const again = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 20_000,
      reason: 'otra vez',
    });
    expect(again).toEqual(lost);
    const refunds = (await b.journal.unresolved()).filter((op) =>
      op.operation.startsWith('orders.refund'),
    );
    expect(refunds.map((op) => op.op_id)).toEqual([lost.op_id]);
    expect(refundTokens(recorded.seen)).toHaveLength(1);
  });

  it('is retried now, with the same token, when the cashier asks', async () => {
    const b = await open(stalledRetry);
    const orderId = await confirmedOrder(b.table);
    await faultRefund(b, 2);
    const lost = await bridge(b, 'orders.refund', {
      order_id: orderId,
      kind: 'total',
      reason: 'devolución',
    });
    expect(lost).toMatchObject({ status: 'unknown', retrying: true });
    const token = await journaledToken(b, lost.op_id);

    // The automatic loop is waiting out its backoff; the cashier's retry calls at once.
    const stillLost = await bridge(b, 'orders.refundRetry', { op_id: lost.op_id });
    expect(stillLost).toMatchObject({ status: 'unknown', op_id: lost.op_id, retrying: true });
    const done = await bridge(b, 'orders.refundRetry', { op_id: lost.op_id });
    expect(done).toMatchObject({
      status: 'succeeded',
      op_id: lost.op_id,
      data: { kind: 'total', status: 'success' },
    });
    expect(refundTokens(recorded.seen)).toEqual([token, token, token]);
    expect(mockOrder(mock, orderId).refunds).toEqual([{ kind: 'total', amount: 150_000 }]);
    const operation = await b.journal.operation(lost.op_id);
    expect(operation).toMatchObject({ status: 'succeeded', calls: 3 });
    for (const answer of answers) expect(answer).not.toContain(token);
  });

  it('refuses an explicit retry of what is not a refund of this mode', async () => {
    const b = await open();
    const orderId = await confirmedOrder(b.table);
    const confirm = (await b.journal.operations({ day: '2026-03-10' })).find(
      (op) => op.operation === 'orders.confirm' && op.intent.order_id === orderId,
    );
    for (const op_id of [confirm?.op_id ?? '', '00000000-0000-4000-8000-000000000000']) {
      expect((await errorOf(b.table, 'orders.refundRetry', { op_id })).code).toBe('bad-arguments');
    }
  });
});

describe('restart in the middle of a refund', () => {
  it('resumes an unknown refund with the same token and resolves it', async () => {
    const before = await open(stalledRetry);
    const orderId = await confirmedOrder(before.table);
    await faultRefund(before, 1);
    const lost = await ok(before.table, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 30_000,
      reason: 'descuento',
    });
    expect(lost).toMatchObject({ status: 'unknown', retrying: true });
    const token = await journaledToken(before, lost.op_id);
    await before.close();
    backend = null;

    const after = await open(instantRetry);
    await after.table.whenIdle();
    expect(await after.journal.operation(lost.op_id)).toMatchObject({
      status: 'succeeded',
      calls: 2,
    });
    expect(refundTokens(recorded.seen)).toEqual([token, token]);
    expect(mockOrder(mock, orderId).refunds).toEqual([{ kind: 'partial', amount: 30_000 }]);
    expect((await ok(after.table, 'journal.unresolved', {})).operations).toEqual([]);
  });

  it('resumes a refund whose intent was written but whose call never answered', async () => {
    const before = await open();
    const orderId = await confirmedOrder(before.table);
    await before.close();
    backend = null;

    // The app died right after journaling the intent: the call may or may not have left.
    const journal = await openJournal({ dir: temp.dir, clock: () => new Date(NOW) });
    const token = 'b1f7c0de-2a4b-4c6d-8e0f-123456789abc';
    const opId = await journal.recordIntent({
      operation: 'orders.refundTotal',
      mode: 'training',
      cashier_id: 'caja-01',
      order_id: orderId,
      request: { author: 'caja-01', reason: 'devolución' },
      meta: { unique_token: token },
    });
    await journal.close();

    const after = await open();
    await after.table.whenIdle();
    expect(await after.journal.operation(opId)).toMatchObject({ status: 'succeeded', calls: 2 });
    expect(refundTokens(recorded.seen)).toEqual([token]);
    expect(mockOrder(mock, orderId).replayKeys).toEqual([`total:${token}`]);
  });

  it('leaves a refund without its token unresolved rather than sending a new one', async () => {
    const before = await open();
    const orderId = await confirmedOrder(before.table);
    await before.close();
    backend = null;
    const journal = await openJournal({ dir: temp.dir, clock: () => new Date(NOW) });
    const opId = await journal.recordIntent({
      operation: 'orders.refundTotal',
      mode: 'training',
      cashier_id: 'caja-01',
      order_id: orderId,
      request: { author: 'caja-01', reason: 'devolución' },
    });
    await journal.close();

    const after = await open();
    expect(await after.table.resumeUnresolved()).not.toContain(opId);
    await after.table.whenIdle();
    expect(refundTokens(recorded.seen)).toEqual([]);
    expect((await after.journal.operation(opId))?.status).toBe('pending');
    const answer = await call(after.table, 'orders.refund', {
      order_id: orderId,
      kind: 'total',
      reason: 'otra vez',
    });
    // The open refund is answered as unknown, never replaced by a new one.
    expect(answer).toMatchObject({ ok: true, result: { status: 'unknown', op_id: opId } });
    expect(refundTokens(recorded.seen)).toEqual([]);
  });
});
