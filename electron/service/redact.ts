// Error values travel to the renderer, the journal and logs. A service (or a proxy in front of
// it) that echoes request headers into an error body would otherwise put the token there.

import type { ServiceError } from '../../shared/service-error';

export const REDACTED = '[redacted]';

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
  return walk(value, active) as T;
}

function walk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [walk(key, secrets), walk(item, secrets)]),
    );
  }
  return value;
}
