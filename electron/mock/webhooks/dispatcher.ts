// Sends the mock's callbacks (voucher results, connector payment outcomes) the Standard Webhooks
// way: JSON signed with the mock's `whsec_` secret, retried with backoff, every attempt logged
// for GET /__mock/webhooks. Delivery runs in the background: the request that caused the event
// answers at once, as the service's would.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { type BackoffSettings, backoffDelay } from './backoff';
import { deliverOnce, type WebhookFetch } from './deliver-once';

export type WebhookEvent = {
  /** What happened, for the log: `voucher.validated`, `payment.approved`… */
  type: string;
  url: string;
  payload: Record<string, unknown>;
};

export type DeliveryAttempt = {
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
};

export type Delivery = {
  /** The `webhook-id` header: the same on every retry, so receivers can drop duplicates. */
  id: string;
  type: string;
  url: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
};

export type WebhookDeliveryOptions = BackoffSettings & {
  fetch: WebhookFetch;
  /** Waits between attempts; rejects when `signal` aborts (the mock shutting down). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  /** Wall-clock time for `webhook-timestamp`: receivers compare it with their own clock. */
  now: () => Date;
  timeoutMs: number;
  maxAttempts: number;
};

export const WEBHOOK_DEFAULTS: WebhookDeliveryOptions = {
  fetch: (...args) => fetch(...args),
  // Unref'd, so pending retries never keep a finished test run or a closing CLI alive.
  sleep: (ms, signal) => sleepFor(ms, undefined, { signal, ref: false }),
  random: Math.random,
  now: () => new Date(),
  timeoutMs: 5_000,
  maxAttempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
};

// A sandbox left running for days must not grow without bound.
const LOG_LIMIT = 1_000;

export type WebhookDispatcher = {
  /** Starts delivering `event` in the background and records it at the end of `log`. */
  send(log: Delivery[], event: WebhookEvent): Delivery;
  /** Resolves when every delivery under way has ended (delivered or failed). */
  settled(): Promise<void>;
  /** Stops retries and aborts attempts in flight. */
  close(): void;
};

export function createWebhookDispatcher(
  secret: string,
  overrides: Partial<WebhookDeliveryOptions> = {},
): WebhookDispatcher {
  const options = { ...WEBHOOK_DEFAULTS, ...overrides };
  const signer = new Webhook(secret);
  const stop = new AbortController();
  const running = new Set<Promise<void>>();

  const attemptOnce = async (delivery: Delivery, body: string, attempt: number) => {
    const timestamp = options.now();
    const outcome = await deliverOnce(options.fetch, {
      url: delivery.url,
      body,
      timeoutMs: options.timeoutMs,
      stop: stop.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mostrador-Mock-Webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signer.sign(delivery.id, timestamp, body),
      },
    });
    const { status, error } = outcome;
    delivery.attempts.push({ attempt, at: timestamp.toISOString(), status, error });
    return outcome.ok;
  };

  const run = async (delivery: Delivery) => {
    const body = JSON.stringify(delivery.payload);
    for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
      if (stop.signal.aborted) break;
      if (await attemptOnce(delivery, body, attempt)) {
        delivery.state = 'delivered';
        return;
      }
      if (attempt < options.maxAttempts) {
        const wait = backoffDelay(attempt, options, options.random);
        const slept = await options.sleep(wait, stop.signal).then(
          () => true,
          () => false,
        );
        if (!slept) break;
      }
    }
    delivery.state = 'failed';
  };

  return {
    send(log, event) {
      const delivery: Delivery = {
        id: `msg_${randomUUID().replaceAll('-', '')}`,
        type: event.type,
        url: event.url,
        payload: event.payload,
        state: 'pending',
        attempts: [],
      };
      log.push(delivery);
      if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
      const task = run(delivery).catch(() => {
        delivery.state = 'failed';
      });
      running.add(task);
      void task.finally(() => running.delete(task));
      return delivery;
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
    close() {
      stop.abort();
    },
  };
}
