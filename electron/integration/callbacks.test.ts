// The till's callback: each final state POSTed to callback_url, signed the Standard Webhooks
// way with the secret derived from the integration key, retried until taken, journaled once
// taken so a restart does not send it again.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshMock, makeTempDir, ok } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { webhookSecretFor } from './integration-key';
import { BASE, KEY, openTill, tillFor, verifiedOpId } from './test-support';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A till's callback receiver on loopback that fails its first `failures` deliveries. */
async function receiver(failures: number) {
  const received: Received[] = [];
  let left = failures;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = left-- > 0 ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/till/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let receivers: { close(): Promise<void> }[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
});

afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  await mock.close();
  await temp.remove();
});

const fastCallbacks = { baseDelayMs: 5, maxDelayMs: 10, random: () => 1 };

const signedBy = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  });

describe('callbacks', () => {
  it('sends the billed state once, signed, after retrying a till that failed twice', async () => {
    const till = await receiver(2);
    receivers.push(till);
    const { backend, till: api } = await openTill({
      dataDir: temp.dir,
      mock,
      integration: { callbacks: fastCallbacks },
    });
    await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
    await api.create({ request_id: 'CB-1', billed_amount: 1200, callback_url: till.url });
    const verifyOpId = await verifiedOpId(backend, 'CB-1');
    // Not final yet: nothing is sent for waiting or verified.
    expect(till.received).toEqual([]);
    await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: verifyOpId });
    await waitFor(
      async () => (await backend.journal.ofOperation('integration.callback')).length === 1,
    );
    expect(till.received).toHaveLength(3);
    const last = till.received.at(-1) as Received;
    expect(signedBy(webhookSecretFor(KEY), last)).toMatchObject({
      request_id: 'CB-1',
      state: 'billed',
    });
    // The same webhook-id on every retry: the till drops duplicates by it.
    expect(new Set(till.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Another secret does not verify it.
    expect(() => signedBy(webhookSecretFor(`${KEY}x`), last)).toThrow();
    await backend.close();

    // After a restart the delivered callback is not sent again.
    const reopened = await openTill({
      dataDir: temp.dir,
      mock,
      integration: { callbacks: fastCallbacks },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(till.received).toHaveLength(3);
    await reopened.backend.close();
  });

  it('sends canceled, and sends it again after a restart when it was never taken', async () => {
    const till = await receiver(1_000);
    receivers.push(till);
    const first = await openTill({
      dataDir: temp.dir,
      mock,
      integration: { callbacks: { ...fastCallbacks, maxAttempts: 50, baseDelayMs: 50 } },
    });
    await first.till.create({ request_id: 'CB-2', billed_amount: 99.9, callback_url: till.url });
    await first.till.send('POST', `${BASE}/CB-2/cancel`);
    await waitFor(async () => till.received.length >= 1);
    await first.backend.close(); // mid-retry: nothing journaled as delivered

    till.received.length = 0;
    const second = await openTill({
      dataDir: temp.dir,
      mock,
      integration: { callbacks: fastCallbacks },
    });
    await waitFor(async () => till.received.length >= 1);
    expect(signedBy(webhookSecretFor(KEY), till.received[0] as Received)).toMatchObject({
      request_id: 'CB-2',
      state: 'canceled',
    });
    expect(tillFor(second.backend).port).toBeGreaterThan(0);
    await second.backend.close();
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}
