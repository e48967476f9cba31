// A vault that forgets on exit: for tests, and for training mode, whose mock token is no secret.
import { normalizeToken, tokenFingerprint, type Vault } from './vault';

export function createMemoryVault(initial?: string): Vault {
  let token: string | null = initial === undefined ? null : normalizeToken(initial);
  return {
    async status() {
      return {
        configured: token !== null,
        fingerprint: token === null ? null : tokenFingerprint(token),
        encryption: 'memory',
        problem: null,
      };
    },
    async set(next) {
      token = normalizeToken(next);
    },
    async get() {
      return token;
    },
    async clear() {
      token = null;
    },
  };
}
