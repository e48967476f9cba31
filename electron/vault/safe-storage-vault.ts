// The app's vault: the token encrypted with Electron's safeStorage (injected, so this file runs
// and is tested under plain Node). On Linux without a keyring Electron falls back to
// 'basic_text', a fixed key; storing a token that way needs the supervisor's explicit consent.
import { z } from 'zod';
import { createFileBackedVault } from './file-backed-vault';
import { type Vault, type VaultEncryption, VaultError } from './vault';

/** The part of Electron's `safeStorage` this vault uses. */
export type SafeStorageLike = {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6', 'unknown'. */
  getSelectedStorageBackend?(): string;
};

const EncryptedTokenFile = z.object({
  version: z.literal(1),
  encryption: z.enum(['os', 'basic_text']),
  ciphertext: z.base64(),
});

/** How safeStorage would encrypt now, or null when it cannot. */
function currentEncryption(safeStorage: SafeStorageLike): 'os' | 'basic_text' | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  const backend = safeStorage.getSelectedStorageBackend?.();
  if (backend === undefined) return 'os'; // macOS Keychain, Windows DPAPI
  // 'unknown' (asked before the app is ready) is not claimed to be OS encryption.
  return backend === 'basic_text' || backend === 'unknown' ? 'basic_text' : 'os';
}

export function createSafeStorageVault(options: {
  file: string;
  safeStorage: SafeStorageLike;
}): Vault {
  const { safeStorage } = options;
  return createFileBackedVault(options.file, {
    encryptionNow() {
      const encryption = currentEncryption(safeStorage);
      return encryption
        ? { encryption, problem: null }
        : { encryption: 'basic_text', problem: 'encryption-unavailable' };
    },
    encode(token, { allowWeakEncryption = false }) {
      const encryption = currentEncryption(safeStorage);
      if (encryption === null) {
        throw new VaultError('encryption-unavailable', 'the system cannot encrypt the token');
      }
      if (encryption === 'basic_text' && !allowWeakEncryption) {
        throw new VaultError(
          'weak-encryption-not-allowed',
          'no OS keyring: storing the token needs the supervisor to accept weak encryption',
        );
      }
      let ciphertext: Buffer;
      try {
        ciphertext = safeStorage.encryptString(token);
      } catch {
        throw new VaultError('encryption-unavailable', 'the system could not encrypt the token');
      }
      const record = { version: 1, encryption, ciphertext: ciphertext.toString('base64') };
      return `${JSON.stringify(record)}\n`;
    },
    decode(text) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = EncryptedTokenFile.safeParse(json);
      if (!parsed.success) {
        throw new VaultError('corrupt', 'the token file is damaged; set the token again');
      }
      if (!safeStorage.isEncryptionAvailable()) {
        throw new VaultError('encryption-unavailable', 'the system cannot decrypt the token now');
      }
      let token: string;
      try {
        token = safeStorage.decryptString(Buffer.from(parsed.data.ciphertext, 'base64'));
      } catch {
        throw new VaultError(
          'undecryptable',
          'the token cannot be decrypted (another user or a changed keyring); set it again',
        );
      }
      const encryption: VaultEncryption = parsed.data.encryption;
      return { token, encryption };
    },
  });
}
