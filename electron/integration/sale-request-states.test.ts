// Every state of a till's sale request, over HTTP against the real handlers, journal and mock:
// waiting → verified → billed | refused | unknown | canceled, idempotency on request_id, the long
// wait, and cancels racing the cashier's paid-and-billed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, errorOf, freshMock, makeTempDir, ok, PIN } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { BASE, openTill, type Till, verifiedOpId, verifyFor } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let opened: Awaited<ReturnType<typeof openTill>>;
let till: Till;
/** Holds the retry loop of an unknown paid-and-billed until the test lets it go. */
let gate: { open: () => void; wait: Promise<void> };

const newGate = () => {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
};

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  gate = newGate();
  opened = await openTill({
    dataDir: temp.dir,
    mock,
    retry: { sleep: () => gate.wait, random: () => 0 },
  });
  till = opened.till;
  await ok(opened.backend.table, 'supervisor.setPin', { pin: PIN });
  await ok(opened.backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  gate.open();
  await opened.backend.close();
  await mock.close();
  await temp.remove();
});

const SALE = {
  request_id: 'B001-000123',
  billed_amount: 1200,
  document: { type: 'boleta' as const, number: 'B001-000123' },
};
const table = () => opened.backend.table;
const billOf = (verifyOpId: string) =>
  ok(table(), 'v3.paidAndBilled', { verify_op_id: verifyOpId });
const billingsInJournal = async () =>
  (await opened.backend.journal.ofOperation('v3.paidAndBilled')).length;

describe('a sale request from the till', () => {
  it('goes waiting → verified → billed, with the amounts the service gave', async () => {
    const created = await till.create(SALE);
    expect(created.status).toBe(201);
    expect(created.request).toMatchObject({
      request_id: SALE.request_id,
      state: 'waiting',
      billed_amount: 1200,
      document: SALE.document,
      training: true,
    });
    const queue = await ok(table(), 'integration.queue', {});
    expect(queue.requests.map((r) => [r.request_id, r.billed_cents])).toEqual([
      [SALE.request_id, 120_000],
    ]);

    const verifyOpId = await verifiedOpId(opened.backend, SALE.request_id);
    const verified = await till.read(SALE.request_id);
    expect(verified).toMatchObject({
      state: 'verified',
      amount_to_collect: 300,
      funding_code: 'VENTA1',
      identity: { dni: '41000001' },
      installments: { number: 3, amount: 300 },
    });
    expect(verified.etag).not.toBe(created.request.etag);

    expect((await billOf(verifyOpId)).status).toBe('succeeded');
    const billed = await till.read(SALE.request_id);
    expect(billed).toMatchObject({ state: 'billed', collected_amount: 300 });
    expect((await ok(table(), 'integration.queue', {})).requests).toEqual([]);
  });

  it('answers the same request to the same body (any key order) and 409 to another', async () => {
    const first = await till.create(SALE);
    const again = await till.send('POST', BASE, {
      document: SALE.document,
      billed_amount: 1200.0,
      request_id: SALE.request_id,
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.request);
    const other = await till.create({ ...SALE, billed_amount: 1200.01 });
    expect(other.status).toBe(409);
    expect(other.request).toEqual({ error: 'request_id already used with another body' });
    const simultaneous = await Promise.all(
      [1, 2, 3, 4].map(() => till.create({ request_id: 'SAME', billed_amount: 50 })),
    );
    expect(simultaneous.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect((await opened.backend.journal.ofOperation('integration.saleRequest')).length).toBe(2);
  });

  it('holds only the amount (and customer, and a RUC for a factura) the till sent', async () => {
    await till.create({ ...SALE, identity: { dni: '41000001' } });
    const amount = await errorOf(table(), 'v3.verify', {
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'VENTA1',
      billed_cents: 100_000,
      sale_request_id: SALE.request_id,
    });
    expect(amount.issues).toHaveProperty('billed_cents');
    const someoneElse = await errorOf(table(), 'v3.verify', {
      identity: { kind: 'dni', value: '41000002' },
      funding_code: 'MENOS1',
      billed_cents: 120_000,
      sale_request_id: SALE.request_id,
    });
    expect(someoneElse.issues).toHaveProperty('identity');
    await till.create({ request_id: 'F001-9', billed_amount: 1200, document: { type: 'factura' } });
    const factura = await errorOf(table(), 'v3.verify', {
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'VENTA1',
      billed_cents: 120_000,
      sale_request_id: 'F001-9',
    });
    expect(factura.issues?.identity).toMatch(/RUC/);
    expect((await till.read(SALE.request_id)).state).toBe('waiting');
  });

  it('is refused with the service’s exact message when paid-and-billed is refused', async () => {
    await till.create(SALE);
    const verifyOpId = await verifiedOpId(opened.backend, SALE.request_id);
    // The funding is put back as new: the service has no Verify for this paid-and-billed.
    await ok(table(), 'training.applyScenario', { name: 'plain-sale' });
    expect((await billOf(verifyOpId)).status).toBe('refused');
    const refused = await till.read(SALE.request_id);
    expect(refused.state).toBe('refused');
    expect(refused.error?.message).toBe('billed_amount changed');
    // Final: the cashier cannot take it further, the till cannot cancel it.
    expect((await errorOf(table(), 'v3.verify', verifyArgs())).code).toBe('till-request-closed');
    expect((await till.send('POST', `${BASE}/${SALE.request_id}/cancel`)).status).toBe(409);
  });

  it('is unknown while the answer is lost, never billed, until the retry settles it', async () => {
    await till.create(SALE);
    const verifyOpId = await verifiedOpId(opened.backend, SALE.request_id);
    await ok(table(), 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'lose-response',
      times: 1,
    });
    expect((await billOf(verifyOpId)).status).toBe('unknown');
    const unknown = await till.read(SALE.request_id);
    expect(unknown.state).toBe('unknown');
    expect((await till.send('POST', `${BASE}/${SALE.request_id}/cancel`)).status).toBe(409);
    // The till waits on the unknown state; the retry loop's 200 wakes it with billed.
    const waiting = till.read(SALE.request_id, '?wait=30', unknown.etag);
    gate.open();
    expect((await waiting).state).toBe('billed');
    expect(await billingsInJournal()).toBe(1);
  });
});

const verifyArgs = () => ({
  identity: { kind: 'dni' as const, value: '41000001' },
  funding_code: 'VENTA1',
  billed_cents: 120_000,
  sale_request_id: SALE.request_id,
});

describe('the long wait', () => {
  it('holds the answer until the state changes from the etag named', async () => {
    const { request } = await till.create(SALE);
    let answered = false;
    const held = till.read(SALE.request_id, '?wait=30', request.etag).then((r) => {
      answered = true;
      return r;
    });
    // Without a change the answer stays held (a read at once proves the server is idle).
    expect((await till.read(SALE.request_id)).state).toBe('waiting');
    expect(answered).toBe(false);
    await verifyFor(opened.backend, SALE.request_id);
    expect((await held).state).toBe('verified');
  });

  it('answers at once when the etag is already stale or the state is final, else after S', async () => {
    const { request } = await till.create(SALE);
    expect((await till.read(SALE.request_id, '?wait=30', 'stale')).etag).toBe(request.etag);
    const timedOut = await till.read(SALE.request_id, '?wait=1', request.etag);
    expect(timedOut.etag).toBe(request.etag);
    await till.send('POST', `${BASE}/${SALE.request_id}/cancel`);
    const canceled = await till.read(SALE.request_id, '?wait=55');
    expect(canceled.state).toBe('canceled');
  });
});

describe('cancel', () => {
  it('cancels while nothing was collected, again idempotently, and closes the sale to the cashier', async () => {
    await till.create(SALE);
    const verifyOpId = await verifiedOpId(opened.backend, SALE.request_id);
    const canceled = await till.send('POST', `${BASE}/${SALE.request_id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({ state: 'canceled', canceled_by: 'till' });
    const again = await till.send('POST', `${BASE}/${SALE.request_id}/cancel`);
    expect(again.json).toEqual(canceled.json);
    const billing = await call(table(), 'v3.paidAndBilled', { verify_op_id: verifyOpId });
    expect(billing.ok ? billing.result : billing.error.code).toBe('till-request-closed');
    expect(await billingsInJournal()).toBe(0);
    expect((await ok(table(), 'integration.queue', {})).requests).toEqual([]);
  });

  it('answers 409 once the cashier confirmed, even while that call has no answer yet', async () => {
    await till.create(SALE);
    const verifyOpId = await verifiedOpId(opened.backend, SALE.request_id);
    await ok(table(), 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'timeout',
      times: 1,
    });
    const confirming = billOf(verifyOpId);
    // The intent is on disk before the call leaves: the cancel that follows it must lose.
    await new Promise<void>((resolve) => {
      const stop = opened.backend.journal.subscribe((entry) => {
        if (entry.type === 'intent' && entry.operation === 'v3.paidAndBilled') {
          stop();
          resolve();
        }
      });
    });
    const cancel = await till.send('POST', `${BASE}/${SALE.request_id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.json.error).toMatch(/already confirmed/);
    expect((await confirming).status).toBe('unknown');
    gate.open();
    await opened.backend.table.whenIdle();
    expect((await till.read(SALE.request_id)).state).toBe('billed');
  });

  it('lets exactly one of a cancel and a confirm made together win', async () => {
    for (let round = 0; round < 6; round++) {
      const id = `RACE-${round}`;
      await ok(table(), 'training.applyScenario', { name: 'plain-sale' });
      await till.create({ request_id: id, billed_amount: 1200 });
      const verifyOpId = await verifiedOpId(opened.backend, id);
      const [cancel, bill] = await Promise.all([
        round % 2 === 0
          ? till.send('POST', `${BASE}/${id}/cancel`)
          : Promise.resolve().then(() => till.send('POST', `${BASE}/${id}/cancel`)),
        call(table(), 'v3.paidAndBilled', { verify_op_id: verifyOpId }),
      ]);
      const state = (await till.read(id)).state;
      if (cancel.status === 200) {
        expect(state).toBe('canceled');
        expect(bill.ok ? bill.result.status : bill.error.code).toBe('till-request-closed');
      } else {
        expect(cancel.status).toBe(409);
        expect(state).toBe('billed');
      }
    }
  });

  it('lets the cashier cancel too, and says who did', async () => {
    await till.create(SALE);
    const record = await ok(table(), 'integration.cancel', { request_id: SALE.request_id });
    expect(record).toMatchObject({ state: 'canceled', canceled_by: 'cashier' });
    expect((await till.read(SALE.request_id)).canceled_by).toBe('cashier');
  });
});

describe('counter safety for a till sale', () => {
  it('shows the till no amount to collect for a code that is already billed, and takes no confirm', async () => {
    await ok(table(), 'training.applyScenario', { name: 'already-billed' });
    await till.create({ request_id: 'FACT-1', billed_amount: 800 });
    const verified = await ok(table(), 'v3.verify', {
      identity: { kind: 'dni', value: '41000010' },
      funding_code: 'FACTU1',
      billed_cents: 80_000,
      sale_request_id: 'FACT-1',
    });
    expect(verified.status).toBe('succeeded');
    const record = await till.read('FACT-1');
    expect(record.state).toBe('waiting');
    expect(record.amount_to_collect).toBeUndefined();
    if (verified.status !== 'succeeded') return;
    const billing = await call(table(), 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(billing.ok).toBe(false);
    expect(await billingsInJournal()).toBe(0);
  });
});
