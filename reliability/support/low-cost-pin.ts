// The supervisor PIN as the settings file stores it, hashed with the lowest scrypt cost the
// settings schema accepts. A check uses the stored cost, so the suite's thousands of PIN checks
// take milliseconds instead of minutes; the hashing itself is the product's (pin-hash.ts).
import { randomBytes, scryptSync } from 'node:crypto';
import type { PinHash } from '../../electron/settings/pin-hash';

export function lowCostPinHash(pin: string): PinHash {
  const salt = randomBytes(16);
  const params = { N: 1024, r: 8, p: 1 };
  return {
    algorithm: 'scrypt',
    salt: salt.toString('hex'),
    hash: scryptSync(pin, salt, 32, params).toString('hex'),
    ...params,
  };
}
