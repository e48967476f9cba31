// The counter's store key at rest as the token (issue 34, item 8): it was kept with
// `allowWeakEncryption: true`, so on Linux without a keyring it fell back to Electron's fixed key
// with no supervisor's consent. Now the OS's encryption, or weak only once a supervisor accepted.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageVault } from '../vault/safe-storage-vault';
import { fakeSafeStorage, makeTempDir } from '../vault/test-support';
import { counterSigningKey } from './signing-key';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let file: string;
beforeEach(async () => {
  temp = await makeTempDir();
  file = join(temp.dir, 'store-db-key.bin');
});
afterEach(() => temp.remove());

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe("the counter's store key", () => {
  it('is kept with the OS encryption where there is a keyring, and read back the same', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    const key = await counterSigningKey(createSafeStorageVault({ file, safeStorage })).get();
    expect(key).toHaveLength(32);
    const record = JSON.parse(await readFile(file, 'utf8'));
    expect(record.encryption).toBe('os');
    expect(await readFile(file, 'utf8')).not.toContain(key.toString('hex'));
    // The app restarted: the same key.
    const again = await counterSigningKey(createSafeStorageVault({ file, safeStorage })).get();
    expect(again.equals(key)).toBe(true);
  });

  it('with no keyring, is not kept (nor used) until a supervisor accepts weak encryption', async () => {
    const safeStorage = fakeSafeStorage('basic_text');
    const key = counterSigningKey(createSafeStorageVault({ file, safeStorage }));
    await expect(key.get()).rejects.toMatchObject({
      name: 'VaultError',
      code: 'weak-encryption-not-allowed',
    });
    // Asked again (each replication start asks): still nothing kept.
    await expect(key.get()).rejects.toMatchObject({ code: 'weak-encryption-not-allowed' });
    expect(await exists(file)).toBe(false);

    await key.acceptWeakEncryption();
    const record = JSON.parse(await readFile(file, 'utf8'));
    expect(record.encryption).toBe('basic_text');
    const kept = await key.get();
    expect(kept).toHaveLength(32);
    // Accepted once: the app restarted reads it without asking again.
    const restarted = counterSigningKey(createSafeStorageVault({ file, safeStorage }));
    expect((await restarted.get()).equals(kept)).toBe(true);
  });

  it('accepting again keeps the key it has: the counter stays who it was', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    const key = counterSigningKey(createSafeStorageVault({ file, safeStorage }));
    const first = await key.get();
    await key.acceptWeakEncryption();
    expect((await key.get()).equals(first)).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8')).encryption).toBe('os');
  });

  it('where the system cannot encrypt at all, is never kept, even when accepted', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret', false);
    const key = counterSigningKey(createSafeStorageVault({ file, safeStorage }));
    await expect(key.get()).rejects.toMatchObject({ code: 'encryption-unavailable' });
    await expect(key.acceptWeakEncryption()).rejects.toMatchObject({
      code: 'encryption-unavailable',
    });
    expect(await exists(file)).toBe(false);
  });
});
