// A 2xx is the service's yes only when its body is what the service sends on success (issue 19,
// docs/decisions.md "A 2xx is a success only with the success body (issue 19)"); and no answer, however
// deep, makes the client throw.
import { describe, expect, it } from 'vitest';
import { answer, fakeTransport } from './fake-transport';
import { createServiceClient } from './service-client';
import type { Transport } from './transports';

const TOKEN = 'tok_live_5f0c2b9e7d1a4c88';

function client(transport: Transport) {
  return createServiceClient({
    baseUrl: 'https://service.example.com',
    credentials: {
      bearerToken: async () => TOKEN,
      clientId: async () => null,
      secretToken: async () => null,
    },
    transport,
  });
}

const sale = {
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  cashier_id: 'caja-01',
};
const undo = { dni: '41000001', funding_code: 'VENTA1' };
const refund = (c: ReturnType<typeof client>) =>
  c.totalRefund('MOS-1', { author: 'caja-01', reason: 'devuelto' }, 'refund-1');

const GATEWAY = '{"error":"upstream connect error or disconnect/reset before headers"}';

/** `{"a":{"a":…1…}}` `depth` levels deep: about 6 bytes a level. */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a 2xx whose body is not the success body is a bad answer, never a success', () => {
  it.each([
    ['a gateway error', GATEWAY],
    ['null', 'null'],
    ['an unexpected object', '{"unexpected":true}'],
    ['an error beside other fields', '{"ok":true,"error":"x"}'],
    ['an array', '[]'],
    ['a JSON string', '"ok"'],
  ])('paid-and-billed (v3 and v2) and undo (v3 and v2) answering 200 %s', async (_, body) => {
    const t = fakeTransport(() => answer(200, body, 'application/json'));
    const c = client(t);
    for (const result of [
      await c.v3PaidAndBilled(sale),
      await c.v2PaidAndBilled(undo),
      await c.v3UndoBilling(undo),
      await c.v2UndoBilling(undo),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        error: { category: 'bad-response', httpStatus: 200 },
      });
    }
  });

  it.each([
    ['{}', '{}'],
    ['no body', ''],
  ])('paid-and-billed and undo answering 200 %s are the service’s yes', async (_, body) => {
    const c = client(fakeTransport(() => answer(200, body, 'application/json')));
    expect(await c.v3PaidAndBilled(sale)).toMatchObject({ ok: true, status: 200, data: {} });
    expect(await c.v3UndoBilling(undo)).toMatchObject({ ok: true, status: 200, data: {} });
  });

  it('a refund answer carrying an error is not a refund, whatever else it says', async () => {
    const body = {
      refund_method: 'card',
      tracking_id: 'trk-1',
      status: 'success',
      successful: true,
      error: 'upstream connect error',
    };
    const result = await refund(client(fakeTransport(() => answer(200, body))));
    expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
  });
});

describe('a deeply nested answer never makes the client throw', () => {
  it.each([
    ['object', 200, deepObject(5_000)],
    ['array', 200, deepArray(5_000)],
    ['object', 400, deepObject(5_000)],
    ['object', 502, deepObject(5_000)],
    ['object', 200, deepObject(150_000)],
  ])(
    'a deep %s answered with %i is a bad answer, small and serializable',
    async (_, status, body) => {
      const c = client(fakeTransport(() => answer(status as number, body, 'application/json')));
      for (const result of [
        await c.v3PaidAndBilled(sale),
        await c.v3Verify(sale),
        await refund(c),
      ]) {
        expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
        // It reaches the bridge, the journal and the log: it must serialize, and stay small.
        expect(JSON.stringify(result).length).toBeLessThan(4_096);
      }
    },
  );
});
