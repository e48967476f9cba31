// What the till may not do to the cashier's queue: request_ids that no URL can reach, an
// unbounded number of open requests, and journal appends whose cost grows with the open ones
// (docs/integration-api.md, "Every request").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_OPEN_SALE_REQUESTS } from '../../shared/integration/sale-request';
import { freshMock, makeTempDir, ok, PIN } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { BASE, openTill, type Till } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let opened: Awaited<ReturnType<typeof openTill>>;
let till: Till;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  opened = await openTill({ dataDir: temp.dir, mock });
  till = opened.till;
  await ok(opened.backend.table, 'supervisor.setPin', { pin: PIN });
  await ok(opened.backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await opened.backend.close();
  await mock.close();
  await temp.remove();
});

const sale = (id: string) => ({ request_id: id, billed_amount: 1200 });
const requests = () => opened.backend.integration.saleRequests;
const journaled = async () =>
  (await opened.backend.journal.ofOperation('integration.saleRequest')).length;

/** Creates open requests straight through the store (the HTTP route adds nothing to count). */
async function openMany(from: number, count: number) {
  for (let n = from; n < from + count; n++) {
    const answer = await requests().create(sale(`R-${n}`));
    if (answer.kind !== 'created') throw new Error(`R-${n}: ${answer.kind}`);
  }
}

describe('request_id', () => {
  it('refuses . and .. (no URL can reach them) with 400 and the error shape', async () => {
    for (const id of ['.', '..']) {
      const answer = await till.send('POST', BASE, sale(id));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: expect.stringMatching(/^request_id: /) });
    }
    expect(await journaled()).toBe(0);
    // Dots inside an id are still fine, as documented.
    expect((await till.create(sale('B001.000123'))).status).toBe(201);
    expect((await till.create(sale('...'))).status).toBe(201);
    expect((await till.read('...')).state).toBe('waiting');
  });
});

describe('open sale requests', () => {
  it(`are capped at ${MAX_OPEN_SALE_REQUESTS}: one more is 429 until one is closed`, async () => {
    await openMany(0, MAX_OPEN_SALE_REQUESTS);
    const refused = await till.send('POST', BASE, sale('one-too-many'));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: expect.stringMatching(/open sale requests/) });
    expect(await journaled()).toBe(MAX_OPEN_SALE_REQUESTS);
    // A lost answer's retry of an existing request is still answered.
    expect((await till.send('POST', BASE, sale('R-0'))).status).toBe(200);
    expect((await till.send('POST', `${BASE}/R-0/cancel`)).status).toBe(200);
    expect((await till.create(sale('one-too-many'))).status).toBe(201);
    expect((await till.send('POST', BASE, sale('and-another'))).status).toBe(429);
  });

  it('cost a journal append the same however many are open', async () => {
    const linkedTo = vi.spyOn(opened.backend.journal, 'linkedTo');
    const readsOfOneCancel = async (id: string) => {
      await requests().settled();
      linkedTo.mockClear();
      expect((await requests().cancel(id, 'till')).kind).toBe('canceled');
      await requests().settled();
      return linkedTo.mock.calls.length;
    };
    await openMany(0, 5);
    const withFive = await readsOfOneCancel('R-0');
    await openMany(5, 40);
    const withFortyFour = await readsOfOneCancel('R-1');
    expect(withFive).toBeGreaterThan(0);
    expect(withFortyFour).toBe(withFive);
  });
});
