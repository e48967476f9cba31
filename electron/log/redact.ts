// The redaction step every log line goes through (docs/decisions.md "Security": no token in a log).
// Two nets: values under credential-like keys are dropped whoever built the object, and any
// occurrence of a known secret string (the current token) is cut out of every string, keys
// included, because an error message or a service body can quote it anywhere.

export const REDACTED = '[redacted]';

/** Key names (compared lower case, letters and digits only) whose values are never logged. */
const SECRET_KEY_PARTS = [
  'token',
  'authorization',
  'secret',
  'pin',
  'password',
  'cookie',
  'bearer',
];

export function isSecretKey(key: string): boolean {
  const flat = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_KEY_PARTS.some((part) => flat.includes(part));
}

/** `Bearer <anything>` pasted into a string: the header value itself. */
const BEARER_VALUE = /bearer\s+[^\s"',;]+/gi;

function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== '') out = out.split(secret).join(REDACTED);
  }
  return out.replace(BEARER_VALUE, `Bearer ${REDACTED}`);
}

/**
 * A JSON-safe copy of `value` with secrets removed. Errors become `{ name, message, stack }`
 * (their text redacted too); cycles and functions are cut rather than allowed to throw, because
 * a logger that throws would turn a logged problem into a crash.
 */
export function redactForLog(value: unknown, secrets: readonly string[]): unknown {
  const seen = new WeakSet<object>();
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactString(item, secrets);
    if (typeof item === 'number' || typeof item === 'boolean' || item === null) return item;
    if (typeof item === 'bigint') return item.toString();
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
      return undefined;
    }
    if (depth > 12) return '[too deep]';
    if (seen.has(item)) return '[cycle]';
    seen.add(item);
    if (item instanceof Error) {
      return {
        name: walk(item.name, depth + 1),
        message: walk(item.message, depth + 1),
        ...('code' in item && typeof item.code === 'string' ? { code: item.code } : {}),
        stack: walk(item.stack, depth + 1),
      };
    }
    if (item instanceof Date) return item.toISOString();
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      const safeKey = redactString(key, secrets);
      out[safeKey] = isSecretKey(key) ? REDACTED : walk(entry, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}
