// Defence in depth for "the token is in no journal entry" (docs/decisions.md "Security"): the
// service client never puts credentials in a body, but a journal is kept for years and copied
// around, so anything shaped like a credential is stopped here too, whoever built the object.

/** Key names (lower case, letters and digits only) that carry credentials in this app's world. */
const SECRET_KEY_PARTS = ['authorization', 'bearer', 'secret', 'password', 'apikey', 'cookie'];

function isSecretKey(key: string): boolean {
  const flat = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    flat.endsWith('token') ||
    flat.endsWith('pin') ||
    SECRET_KEY_PARTS.some((part) => flat.includes(part))
  );
}

/** A whole `Authorization` header value (RFC 6750 token68) pasted where it does not belong. */
const BEARER_VALUE = /^\s*bearer\s+[\w\-.~+/]+=*\s*$/i;

/**
 * Levels walked. The journal's values come from the app (requests it built, answers the client
 * checked, which nest a few levels); a deeper value cannot be proven free of credentials without
 * risking the stack, so it counts as one (docs/decisions.md "A service answer is bounded in
 * depth").
 */
const MAX_DEPTH = 64;

/**
 * The path of the first credential-like key or value in `value` (`$.a.b[2]`), or null.
 * `allowTopLevel` names keys that look like credentials but are not (the refund idempotency key).
 */
export function findSecretField(
  value: unknown,
  allowTopLevel: readonly string[] = [],
  path = '$',
  depth = 0,
): string | null {
  if (typeof value === 'string') return BEARER_VALUE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return `${path} (nested too deep to check)`;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findSecretField(item, [], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isSecretKey(key) && !allowTopLevel.includes(key)) return `${path}.${key}`;
    const found = findSecretField(item, [], `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const REDACTED = '[redacted]';

/**
 * A copy of `value` with credential-like keys' values and bearer strings replaced. Used for what
 * the service sent back: refusing to journal an answer would lose it, which is worse.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (BEARER_VALUE.test(value) ? REDACTED : value) as T;
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any answer the client lets through: dropped rather than walked.
  if (depth >= MAX_DEPTH) return REDACTED as T;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1),
    ]),
  ) as T;
}
