// Browser mode has no safeStorage: the token sits in a plain JSON file that only this OS user
// may read, and the status says so ('plain-file') so settings can tell the supervisor.
import { z } from 'zod';
import { createFileBackedVault } from './file-backed-vault';
import { type Vault, VaultError } from './vault';

const PlainTokenFile = z.object({ version: z.literal(1), token: z.string() });

export function createFileVault(options: { file: string }): Vault {
  return createFileBackedVault(options.file, {
    encryptionNow: () => ({ encryption: 'plain-file', problem: null }),
    encode: (token) => `${JSON.stringify({ version: 1, token })}\n`,
    decode(text) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = PlainTokenFile.safeParse(json);
      if (!parsed.success) {
        throw new VaultError('corrupt', 'the token file is damaged; set the token again');
      }
      return { token: parsed.data.token, encryption: 'plain-file' };
    },
  });
}
