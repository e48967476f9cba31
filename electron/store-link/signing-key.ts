// This counter's store database key (docs/store-database.md "Signed batches"): 32 random bytes
// made at its first start and kept in a vault as the service token is kept: the OS's encryption
// (Keychain, DPAPI, libsecret/KWallet), and Electron's weak fallback (a fixed key, on Linux with no
// keyring) only once a supervisor accepted it, in Settings with the PIN (docs/decisions.md "The
// store key at rest as the token (issue 34, item 8)"). A copy of the counter's database login
// alone then cannot write as it, and neither can a copy of its data folder on a machine that
// never had a keyring. Read once per run.
import { newSigningKey } from '../store-db/batch-signature';
import type { Vault } from '../vault/vault';

const HEX_KEY = /^[0-9a-f]{64}$/;

export type CounterSigningKey = {
  /**
   * The key, made and kept the first time. Throws the vault's VaultError when it cannot be kept:
   * `weak-encryption-not-allowed` on a machine with no keyring until a supervisor accepts
   * (`acceptWeakEncryption`); nothing is signed with a key that is not kept.
   */
  get(): Promise<Buffer>;
  /**
   * The supervisor accepted keeping the key with weak encryption on this machine: the key is
   * made and kept so (a key already kept stays as it is).
   */
  acceptWeakEncryption(): Promise<void>;
};

export function counterSigningKey(vault: Vault): CounterSigningKey {
  let kept: Promise<Buffer> | null = null;
  const load = async (allowWeakEncryption: boolean): Promise<Buffer> => {
    const stored = await vault.get();
    if (stored !== null && HEX_KEY.test(stored)) return Buffer.from(stored, 'hex');
    if (stored !== null) throw new Error('the store database key file holds no key');
    const key = newSigningKey();
    await vault.set(key.toString('hex'), { allowWeakEncryption });
    return key;
  };
  const keep = (allowWeakEncryption: boolean) => {
    kept = load(allowWeakEncryption).catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
  return {
    get: () => kept ?? keep(false),
    acceptWeakEncryption: async () => {
      // After a load in flight (its key may be kept by now), never beside it.
      await kept?.catch(() => undefined);
      await (kept ?? keep(true));
    },
  };
}
