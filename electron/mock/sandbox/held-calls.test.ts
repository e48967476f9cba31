// Calls a `timeout` fault holds, over real sockets (docs/sandbox.md "Rehearse a bad day"):
// clearing the faults or resetting the sandbox lets them go (closed, as the timeout would), and
// no more than MAX_HELD_CALLS are held at once: past that the fault answers as `reset`.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_HELD_CALLS } from '../../../shared/api/sandbox';
import type { MockApp } from '../app';
import { freshMock, PATHS, post, TOKEN } from '../mock-test-support';

let app: MockApp;
let port: number;
beforeEach(async () => {
  app = await freshMock();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  await app.close();
});

type Held = { ended: null | 'answered' | 'closed' };

/** A verify over its own connection; `ended` says how it ended, once it has. */
function verifyOverSocket(): Held {
  const state: Held = { ended: null };
  const body = JSON.stringify({
    dni: '41000001',
    funding_code: 'VENTA1',
    billed_amount: 1200,
    cashier_id: 'c-1',
  });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: PATHS.v3Verify,
    agent: false,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  req.on('response', (res) => {
    state.ended = 'answered';
    res.resume();
  });
  req.on('error', () => {
    state.ended ??= 'closed';
  });
  req.end(body);
  return state;
}

const armTimeout = () =>
  post(app, '/__mock/faults', { kind: 'timeout', times: 0, ms: 600_000 }).then((a) => {
    expect(a.status).toBe(200);
  });

const heldNow = (calls: Held[]) => calls.filter((c) => c.ended === null).length;

describe('calls held by a timeout fault', () => {
  it('are let go (closed) when the faults are cleared', async () => {
    await armTimeout();
    const calls = Array.from({ length: 5 }, () => verifyOverSocket());
    await expect.poll(() => app.mockContext.faults.held(), { timeout: 3_000 }).toBe(5);
    expect(heldNow(calls)).toBe(5);
    const cleared = await app.inject({
      method: 'DELETE',
      url: '/__mock/faults',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(cleared.statusCode).toBe(200);
    await expect.poll(() => heldNow(calls), { timeout: 3_000 }).toBe(0);
    expect(calls.map((c) => c.ended)).toEqual(Array(5).fill('closed'));
    // The next call is answered: nothing is armed any more.
    const next = verifyOverSocket();
    await expect.poll(() => next.ended, { timeout: 3_000 }).toBe('answered');
  });

  it('are let go by a reset too', async () => {
    await armTimeout();
    const calls = Array.from({ length: 3 }, () => verifyOverSocket());
    await expect.poll(() => app.mockContext.faults.held(), { timeout: 3_000 }).toBe(3);
    expect((await post(app, '/__mock/reset', {})).status).toBe(200);
    await expect.poll(() => heldNow(calls), { timeout: 3_000 }).toBe(0);
  });

  it(`are at most ${MAX_HELD_CALLS}: the ones past it are dropped at once, as a reset fault`, async () => {
    await armTimeout();
    const calls = Array.from({ length: MAX_HELD_CALLS + 6 }, () => verifyOverSocket());
    await expect
      .poll(() => calls.filter((c) => c.ended === 'closed').length, { timeout: 5_000 })
      .toBe(6);
    expect(heldNow(calls)).toBe(MAX_HELD_CALLS);
    expect(app.mockContext.faults.held()).toBe(MAX_HELD_CALLS);
    await app.inject({
      method: 'DELETE',
      url: '/__mock/faults',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await expect.poll(() => heldNow(calls), { timeout: 3_000 }).toBe(0);
    expect(app.mockContext.faults.held()).toBe(0);
  });
});
