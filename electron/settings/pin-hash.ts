// The supervisor PIN is stored only as a salted scrypt hash (docs/decisions.md "Security"). A 4–8
// digit PIN can be brute-forced offline from any hash, so the hash keeps it out of plain sight in
// the settings file and the lockout (pin-lockout.ts) is what stops guessing at the counter.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const PinHash = z.object({
  algorithm: z.literal('scrypt'),
  salt: z.string().regex(/^[0-9a-f]{32,}$/),
  hash: z.string().regex(/^[0-9a-f]{64,}$/),
  N: z.int().min(1024),
  r: z.int().min(1),
  p: z.int().min(1),
});
export type PinHash = z.infer<typeof PinHash>;

const KEY_LENGTH = 32;
const COST = { N: 16_384, r: 8, p: 1 } as const;

function derive(pin: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPin(pin: string): Promise<PinHash> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, COST);
  return { algorithm: 'scrypt', salt: salt.toString('hex'), hash: key.toString('hex'), ...COST };
}

/** Constant-time comparison, so how long a wrong PIN takes tells nothing about the right one. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'hex');
  const key = await derive(pin, Buffer.from(stored.salt, 'hex'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
