// What the safeStorage vault and the browser-mode file vault share: one private file holding the
// token in some encoding, read afresh on every call so status always tells what get would give.
import { readPrivateFile, removePrivateFile, writePrivateFile } from './private-file';
import {
  normalizeToken,
  oneAtATime,
  type SetTokenOptions,
  tokenFingerprint,
  type Vault,
  type VaultEncryption,
  VaultError,
  type VaultProblem,
  type VaultStatus,
} from './vault';

export type TokenCodec = {
  /** How a token set now would be stored, and why it could not be. */
  encryptionNow(): { encryption: VaultEncryption; problem: VaultProblem | null };
  /** The file's text for `token`; throws VaultError when policy or encryption forbids it. */
  encode(token: string, options: SetTokenOptions): string;
  /** The token and how it was stored; throws VaultError ('corrupt', 'undecryptable', …). */
  decode(text: string): { token: string; encryption: VaultEncryption };
};

export function createFileBackedVault(file: string, codec: TokenCodec): Vault {
  const serialized = oneAtATime();

  const read = async (): Promise<{ token: string; encryption: VaultEncryption } | null> => {
    let text: string | null;
    try {
      text = await readPrivateFile(file);
    } catch {
      throw new VaultError('unreadable', 'the token file could not be read');
    }
    if (text === null) return null;
    const stored = codec.decode(text);
    try {
      return { ...stored, token: normalizeToken(stored.token) };
    } catch {
      throw new VaultError('corrupt', 'the token file holds no valid token; set the token again');
    }
  };

  return {
    status: () =>
      serialized(async (): Promise<VaultStatus> => {
        try {
          const stored = await read();
          if (stored) {
            const { token, encryption } = stored;
            return {
              configured: true,
              fingerprint: tokenFingerprint(token),
              encryption,
              problem: null,
            };
          }
          return { configured: false, fingerprint: null, ...codec.encryptionNow() };
        } catch (error) {
          const problem: VaultProblem =
            error instanceof VaultError && error.code !== 'invalid-token'
              ? (error.code as VaultProblem)
              : 'unreadable';
          return {
            configured: false,
            fingerprint: null,
            encryption: codec.encryptionNow().encryption,
            problem,
          };
        }
      }),
    set: (token, options = {}) =>
      serialized(async () => {
        const text = codec.encode(normalizeToken(token), options);
        try {
          await writePrivateFile(file, text);
        } catch {
          throw new VaultError('write-failed', 'the token file could not be written');
        }
      }),
    get: () => serialized(async () => (await read())?.token ?? null),
    clear: () =>
      serialized(async () => {
        try {
          await removePrivateFile(file);
        } catch {
          throw new VaultError('write-failed', 'the token file could not be removed');
        }
      }),
  };
}
