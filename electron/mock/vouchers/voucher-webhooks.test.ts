// The voucher callbacks, received by a real HTTP server on loopback and checked with the
// Standard Webhooks verifier, as a merchant's receiver would.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoucherWebhookHeaders, VoucherWebhookPayload } from '../../../shared/api/vouchers';
import type { MockApp } from '../app';
import { freshMock, get, post } from '../mock-test-support';
import type { Delivery } from '../webhooks/dispatcher';
import { type Receiver, startReceiver } from '../webhooks/test-receiver';
import { registered, review } from './test-support';

let app: MockApp;
let receiver: Receiver;
let failFirst = 0;
beforeEach(async () => {
  failFirst = 0;
  receiver = await startReceiver((n) => ({ status: n < failFirst ? 500 : 204 }));
  app = await freshMock({ webhooks: { sleep: async () => undefined } });
});
afterEach(async () => {
  await app.close();
  await receiver.close();
});

/** Waits for the deliveries under way, then verifies and parses every callback received. */
async function callbacks() {
  await app.mockContext.webhooks.settled();
  const verifier = new Webhook(app.mockContext.webhookSecret);
  return receiver.received.map((got) => {
    const headers = VoucherWebhookHeaders.parse(got.headers);
    const payload = verifier.verify(got.body, headers);
    // The shared schema checks the shape; the raw payload is compared, extra keys included.
    VoucherWebhookPayload.parse(payload);
    return payload;
  });
}

describe('voucher webhooks', () => {
  it('calls the webhook at once, signed, when the receipt format is not supported', async () => {
    const id = await registered(app, { webhook: receiver.url(), receipt: 'https://c.pe/r.docx' });
    expect(await callbacks()).toEqual([{ request_id: id, order_id: 'V-1001', status: 'INVALID' }]);
  });

  it('does not call it for a PENDING voucher', async () => {
    await registered(app, { webhook: receiver.url() });
    expect(await callbacks()).toEqual([]);
  });

  it('sends the corrected data when the voucher is validated', async () => {
    const id = await registered(app, { webhook: receiver.url() });
    await review(app, id, { status: 'VALIDATED', amount: 250, bank_operation_number: 'BCP-1' });
    expect(await callbacks()).toEqual([
      {
        request_id: id,
        order_id: 'V-1001',
        status: 'VALIDATED',
        amount: 250,
        date: '2026-03-04',
        operation_number: '00123456',
        bank_account_id: '193-2045678-0-11',
        bank_operation_number: 'BCP-1',
      },
    ]);
  });

  it('sends INVALID when the trainer invalidates', async () => {
    const id = await registered(app, { webhook: receiver.url() });
    await review(app, id, { status: 'INVALID' });
    expect(await callbacks()).toEqual([{ request_id: id, order_id: 'V-1001', status: 'INVALID' }]);
  });

  it('retries a failing receiver, and logs every attempt in GET /__mock/webhooks', async () => {
    failFirst = 2;
    const id = await registered(app, { webhook: receiver.url() });
    await review(app, id, { status: 'INVALID' });
    await app.mockContext.webhooks.settled();
    const log = await get(app, '/__mock/webhooks');
    expect(log.status).toBe(200);
    const { deliveries } = log.body as { deliveries: Delivery[] };
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      type: 'voucher.invalid',
      url: receiver.url(),
      payload: { request_id: id, order_id: 'V-1001', status: 'INVALID' },
      state: 'delivered',
    });
    expect(deliveries[0]?.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([deliveries[0]?.id]),
    );
  });

  it('keeps the delivery log behind the bearer token, and reset empties it', async () => {
    await registered(app, { webhook: receiver.url(), receipt: 'https://c.pe/r.txt' });
    await app.mockContext.webhooks.settled();
    const refused = await get(app, '/__mock/webhooks', undefined, null);
    expect(refused.status).toBe(401);
    expect(
      ((await get(app, '/__mock/webhooks')).body as { deliveries: unknown[] }).deliveries,
    ).toHaveLength(1);
    await post(app, '/__mock/reset', {});
    expect((await get(app, '/__mock/webhooks')).body).toEqual({ deliveries: [] });
  });
});
