// This counter's store database key (docs/store-database.md "Signed batches"): 32 random bytes
// made at its first start and kept in a vault like the service token and the database URL, so a
// copy of the counter's database login alone cannot write as it. Read once per run.
import { newSigningKey } from '../store-db/batch-signature';
import type { Vault } from '../vault/vault';

const HEX_KEY = /^[0-9a-f]{64}$/;

/** A function giving the key, making and keeping it the first time. */
export function counterSigningKey(vault: Vault): () => Promise<Buffer> {
  let kept: Promise<Buffer> | null = null;
  const load = async (): Promise<Buffer> => {
    const stored = await vault.get();
    if (stored !== null && HEX_KEY.test(stored)) return Buffer.from(stored, 'hex');
    if (stored !== null) throw new Error('the store database key file holds no key');
    const key = newSigningKey();
    // The same protection the database URL beside it has (it holds that counter's password).
    await vault.set(key.toString('hex'), { allowWeakEncryption: true });
    return key;
  };
  return () => {
    kept ??= load().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}
