import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDispatcher, type Delivery, type WebhookDeliveryOptions } from './dispatcher';
import { type Receiver, startReceiver } from './test-receiver';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload = { request_id: '66000001aaaaaaaaaaaaaaaa', order_id: 'V-1', status: 'INVALID' };

let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/** A dispatcher whose waits are recorded, not slept, so retries take no time. */
function dispatcher(options: Partial<WebhookDeliveryOptions> = {}) {
  const waits: number[] = [];
  const hooks = createWebhookDispatcher(SECRET, {
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    timeoutMs: 500,
    ...options,
  });
  return { hooks, waits };
}

async function deliver(
  hooks: ReturnType<typeof dispatcher>['hooks'],
  url: string,
): Promise<Delivery> {
  const log: Delivery[] = [];
  const delivery = hooks.send(log, { type: 'voucher.invalid', url, payload });
  expect(log).toEqual([delivery]);
  await hooks.settled();
  return delivery;
}

describe('webhook delivery', () => {
  it('POSTs JSON signed the Standard Webhooks way, verifiable with the secret', async () => {
    const target = await receiver();
    const delivery = await deliver(dispatcher().hooks, target.url());
    expect(delivery.state).toBe('delivered');
    expect(target.received).toHaveLength(1);
    const [got] = target.received;
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['webhook-id']).toBe(delivery.id);
    expect(got?.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(got?.headers['webhook-signature']).toMatch(/^v1,/);
    const verified = new Webhook(SECRET).verify(
      got?.body ?? '',
      got?.headers as Record<string, string>,
    );
    expect(verified).toEqual(payload);
  });

  it('is refused by the verifier when the body was tampered with or the secret differs', async () => {
    const target = await receiver();
    await deliver(dispatcher().hooks, target.url());
    const [got] = target.received;
    const headers = got?.headers as Record<string, string>;
    const tampered = (got?.body ?? '').replace('INVALID', 'VALIDATED');
    expect(() => new Webhook(SECRET).verify(tampered, headers)).toThrow();
    const otherSecret = 'whsec_dGhpcyBpcyBub3QgdGhlIG1vY2sgc2VjcmV0IGF0IGFsbA==';
    expect(() => new Webhook(otherSecret).verify(got?.body ?? '', headers)).toThrow();
  });

  it('retries after a failure with backoff, keeping the same webhook-id', async () => {
    const target = await receiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const { hooks, waits } = dispatcher({ baseDelayMs: 100 });
    const delivery = await deliver(hooks, target.url());
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts.map((a) => [a.attempt, a.status, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 200, null],
    ]);
    // Full jitter with random() = 0.5: half of 100 · 2^(n−1).
    expect(waits).toEqual([50, 100]);
    const ids = new Set(target.received.map((r) => r.headers['webhook-id']));
    expect(ids).toEqual(new Set([delivery.id]));
    for (const got of target.received) {
      expect(() =>
        new Webhook(SECRET).verify(got.body, got.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it('gives up after the bounded number of attempts', async () => {
    const target = await receiver(() => ({ status: 503 }));
    const { hooks, waits } = dispatcher({ maxAttempts: 3 });
    const delivery = await deliver(hooks, target.url());
    expect(delivery.state).toBe('failed');
    expect(target.received).toHaveLength(3);
    expect(delivery.attempts).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('never follows a redirect: a 3xx is a failed attempt', async () => {
    const target = await receiver((n) =>
      n === 0 ? { status: 302, headers: { location: '/elsewhere' } } : { status: 204 },
    );
    const delivery = await deliver(dispatcher().hooks, target.url());
    expect(target.received.map((r) => r.path)).toEqual(['/hook', '/hook']);
    expect(delivery.attempts[0]).toMatchObject({
      status: 302,
      error: 'redirect not followed (HTTP 302)',
    });
    expect(delivery.state).toBe('delivered');
  });

  it('times out a receiver that does not answer', async () => {
    const target = await receiver(() => 'hang');
    const { hooks } = dispatcher({ timeoutMs: 50, maxAttempts: 2 });
    const delivery = await deliver(hooks, target.url());
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts.map((a) => a.error)).toEqual([
      'timed out after 50 ms',
      'timed out after 50 ms',
    ]);
  });

  it('records a refused connection as a network error', async () => {
    const target = await receiver();
    const url = target.url();
    await target.close();
    receivers = [];
    const delivery = await deliver(dispatcher({ maxAttempts: 2 }).hooks, url);
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts[0]?.error).toMatch(/^network error: /);
    expect(delivery.attempts[0]?.status).toBeNull();
  });

  it('uses the injected fetch, with redirect manual and a timeout signal', async () => {
    const calls: RequestInit[] = [];
    const { hooks } = dispatcher({
      fetch: async (_url, init) => {
        calls.push(init ?? {});
        return new Response(null, { status: 200 });
      },
    });
    const delivery = await deliver(hooks, 'https://merchant.example.pe/hook');
    expect(delivery.state).toBe('delivered');
    expect(calls[0]).toMatchObject({ method: 'POST', redirect: 'manual' });
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(String(calls[0]?.body))).toEqual(payload);
  });

  it('stops retrying when closed', async () => {
    const hooks = createWebhookDispatcher(SECRET, {
      fetch: async () => new Response(null, { status: 500 }),
      baseDelayMs: 60_000,
      maxDelayMs: 60_000,
      random: () => 0.99,
    });
    const log: Delivery[] = [];
    const delivery = hooks.send(log, {
      type: 't',
      url: 'https://merchant.example.pe/hook',
      payload,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    hooks.close();
    await hooks.settled();
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts).toHaveLength(1);
  });
});
