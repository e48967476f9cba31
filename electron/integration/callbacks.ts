// The till's callback: each final state POSTed to its callback_url, signed the Standard Webhooks
// way, retried with backoff. The delivery (or giving up) is journaled against the request, so a
// restart resends only what was never delivered; the webhook-id is the same on every resend, so
// the till can drop a duplicate.
import { createHash } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { SaleRequest } from '../../shared/integration/sale-request';
import type { JournalOperation } from '../../shared/journal-entry';
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import { backoffDelay } from '../mock/webhooks/backoff';
import { deliverOnce, type WebhookFetch } from '../mock/webhooks/deliver-once';
import { LINK_KEY, OPERATIONS, requestBody } from './derive-state';

export type CallbackOptions = {
  journal: Journal;
  logger: Logger;
  /** The `whsec_` secret of the current key; null when none is configured (nothing is sent). */
  secret: () => string | null;
  fetch?: WebhookFetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => Date;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
};

export type Callbacks = {
  /** Sends `record` (a final state) unless a delivery of it is already journaled or under way. */
  send(request: JournalOperation, record: SaleRequest): void;
  settled(): Promise<void>;
  close(): void;
};

export const callbackId = (requestOpId: string, state: string) =>
  `msg_${createHash('sha256').update(`${requestOpId}\0${state}`).digest('hex').slice(0, 32)}`;

export function createCallbacks(options: CallbackOptions): Callbacks {
  const { journal, logger } = options;
  const settings = {
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
    sleep:
      options.sleep ??
      ((ms: number, signal: AbortSignal) => sleepFor(ms, undefined, { signal, ref: false })),
    random: options.random ?? Math.random,
    now: options.now ?? (() => new Date()),
    maxAttempts: options.maxAttempts ?? 8,
    baseDelayMs: options.baseDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 60_000,
    timeoutMs: options.timeoutMs ?? 5_000,
  };
  const stop = new AbortController();
  const running = new Map<string, Promise<void>>();

  const alreadyJournaled = async (request: JournalOperation, state: string) => {
    const done = await journal.linkedTo(request.op_id, {
      key: LINK_KEY,
      operation: OPERATIONS.callback,
    });
    return done.some((op) => op.intent.meta?.state === state);
  };

  const record = async (request: JournalOperation, state: string, ok: boolean, http?: number) => {
    const opId = await journal.recordIntent({
      operation: OPERATIONS.callback,
      mode: request.mode,
      cashier_id: request.intent.cashier_id,
      request: { state },
      meta: { [LINK_KEY]: request.op_id, state },
    });
    await journal.recordOutcome(opId, {
      status: ok ? 'succeeded' : 'refused',
      ...(http ? { http_status: http } : {}),
      ...(ok ? {} : { error_category: 'callback-not-delivered' }),
    });
  };

  const run = async (request: JournalOperation, payload: SaleRequest, url: string) => {
    if (await alreadyJournaled(request, payload.state)) return;
    const id = callbackId(request.op_id, payload.state);
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
      if (stop.signal.aborted) return;
      const secret = options.secret();
      if (!secret) {
        logger.warn('till callback not sent: no integration key', { request_op_id: request.op_id });
        return;
      }
      const at = settings.now();
      const outcome = await deliverOnce(settings.fetch, {
        url,
        body,
        timeoutMs: settings.timeoutMs,
        stop: stop.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mostrador-Integration/1',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(id, at, body),
        },
      });
      if (outcome.ok) return record(request, payload.state, true, outcome.status ?? undefined);
      logger.warn('till callback failed', {
        attempt,
        status: outcome.status,
        error: outcome.error,
      });
      if (attempt === settings.maxAttempts) break;
      const wait = backoffDelay(attempt, settings, settings.random);
      const slept = await settings.sleep(wait, stop.signal).then(
        () => true,
        () => false,
      );
      if (!slept) return; // shutting down: the next start sends it again
    }
    if (!stop.signal.aborted) await record(request, payload.state, false);
  };

  return {
    send(request, payload) {
      const url = requestBody(request).callback_url;
      const key = `${request.op_id}:${payload.state}`;
      if (!url || running.has(key) || stop.signal.aborted) return;
      const task = run(request, payload, url).catch((error: unknown) =>
        logger.error('till callback failed', { request_op_id: request.op_id, error }),
      );
      running.set(key, task);
      void task.finally(() => running.delete(key));
    },
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
    close() {
      stop.abort();
    },
  };
}
