// Error values travel to the renderer, the journal and logs. A service (or a proxy in front of
// it) that echoes request headers into an error body would otherwise put the token there.

import type { ServiceError } from '../../shared/service-error';

export const REDACTED = '[redacted]';
/**
 * Levels walked; what lies deeper is dropped, so no body can overflow the stack here (the client
 * already refuses bodies nested deeper than MAX_JSON_DEPTH: docs/decisions.md "A service answer
 * is bounded in depth").
 */
const MAX_DEPTH = 64;
const TOO_DEEP = '[too deep]';

/**
 * The error with the secrets taken out of what the service sent (message, field errors, body);
 * the category and status are the client's own words and are left whole.
 */
export function redactError(error: ServiceError, secrets: readonly string[]): ServiceError {
  const { message, fieldErrors, body, ...own } = error;
  return {
    ...own,
    ...(message === undefined ? {} : { message: redactSecrets(message, secrets) }),
    ...(fieldErrors === undefined ? {} : { fieldErrors: redactSecrets(fieldErrors, secrets) }),
    ...(body === undefined ? {} : { body: redactSecrets(body, secrets) }),
  };
}

/** `value` with every occurrence of each secret replaced, at any depth of JSON-like data. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const active = secrets.filter((s) => s !== '');
  if (active.length === 0) return value;
  return walk(value, active, 0) as T;
}

function walk(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      walk(key, secrets, depth),
      walk(item, secrets, depth + 1),
    ]),
  );
}
