// Order expiration. The document says `expiration_ts` shortens the normal expiration without
// showing the normal one; the mock's normal expiration is 7 days after creation, and an order
// still waiting for the customer (initial, created, onhold) is canceled once it has passed.
import type { OrderRecord } from './order';

export const NORMAL_EXPIRATION_MS = 7 * 24 * 60 * 60 * 1000;

const WAITING = new Set(['initial', 'created', 'onhold']);

/** `YYYY-MM-DD hh:mm:ss.mmm`, UTC, the format of `expiration_ts` at creation. */
export function formatExpiration(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}

export function parseExpiration(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/** The given expiration when it is earlier than the normal one: it can only shorten it. */
export function effectiveExpiration(created: Date, given: string | undefined): string {
  const normal = new Date(created.getTime() + NORMAL_EXPIRATION_MS);
  if (given === undefined) return formatExpiration(normal);
  return parseExpiration(given) < normal ? given : formatExpiration(normal);
}

/** Applies the expiration as of `now`; called whenever an order is looked up. */
export function expireIfDue(order: OrderRecord, now: Date): void {
  if (WAITING.has(order.status) && parseExpiration(order.expirationTs) <= now) {
    order.status = 'canceled';
  }
}
