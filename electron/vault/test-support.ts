// Shared by the vault's tests: temporary directories and a stand-in for Electron's safeStorage.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SafeStorageLike } from './safe-storage-vault';

export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mostrador-vault-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const MAGIC = 'fake1:';

/** Reversible, and unlike the plaintext; decryption fails on anything it did not produce. */
export function fakeSafeStorage(
  backend: string | undefined = 'gnome_libsecret',
  available = true,
): SafeStorageLike & { available: boolean } {
  const flip = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  const storage: SafeStorageLike & { available: boolean } = {
    available,
    isEncryptionAvailable: () => storage.available,
    encryptString: (plain) => flip(Buffer.from(MAGIC + plain, 'utf8')),
    decryptString(encrypted) {
      const text = flip(encrypted).toString('utf8');
      if (!text.startsWith(MAGIC)) throw new Error(`Error while decrypting the ciphertext ${text}`);
      return text.slice(MAGIC.length);
    },
  };
  if (backend !== undefined) storage.getSelectedStorageBackend = () => backend;
  return storage;
}
