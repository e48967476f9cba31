// The integration key: what the till sends as `Authorization: Bearer …`. Only its SHA-256 is
// kept at rest (a random 256-bit key needs no slow hash); the key itself is shown once. The
// callback's Standard Webhooks secret is derived from the key, so the till computes it from the
// key it was given and the terminal never has to show a second secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'mik_';
export const MIN_ENV_KEY_LENGTH = 32;
export const ENV_KEY = 'MOSTRADOR_INTEGRATION_KEY';

export function newIntegrationKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `whsec_<base64>` of the key: HMAC material for the callback signatures. */
export function webhookSecretFor(key: string): string {
  const bytes = createHash('sha256').update(`mostrador-integration-webhooks\0${key}`).digest();
  return `whsec_${bytes.toString('base64')}`;
}

/** Whether `header` carries a key whose hash is one of `hashes`, compared in constant time. */
export function bearerMatches(header: string | undefined, hashes: readonly string[]): boolean {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(hashKey(match[1]), 'hex');
  let found = false;
  for (const hash of hashes) {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true;
  }
  return found;
}
