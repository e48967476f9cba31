import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageVault } from './safe-storage-vault';
import { fakeSafeStorage, makeTempDir } from './test-support';
import { VaultError } from './vault';

const TOKEN = 'sk_live_4f8a9c2e7b1d';
const isPosix = process.platform !== 'win32';
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let file: string;

beforeEach(async () => {
  temp = await makeTempDir();
  file = join(temp.dir, 'secrets', 'token.json');
});
afterEach(() => temp.remove());

describe('safeStorage vault', () => {
  it('stores the token encrypted and gives it back, showing only its last four characters', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    expect(await vault.status()).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'os',
      problem: null,
    });
    await vault.set(`  ${TOKEN}\n`); // pasted with whitespace
    expect(await vault.get()).toBe(TOKEN);
    expect(await vault.status()).toEqual({
      configured: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      encryption: 'os',
      problem: null,
    });
    expect(await readFile(file, 'utf8')).not.toContain(TOKEN);
    // A new vault over the same file (the app restarted) reads the same token.
    expect(await createSafeStorageVault({ file, safeStorage: fakeSafeStorage() }).get()).toBe(
      TOKEN,
    );
  });

  it('reports OS encryption where there is no backend choice (macOS, Windows)', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage(undefined) });
    await vault.set(TOKEN);
    expect((await vault.status()).encryption).toBe('os');
  });

  it.skipIf(!isPosix)('writes the file with mode 0600 whatever the umask', async () => {
    const previous = process.umask(0o000);
    try {
      const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
      await vault.set(TOKEN);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await vault.set(`${TOKEN}-2`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('replaces the file atomically, leaving no temporary files, the last set winning', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    await Promise.all([vault.set(`${TOKEN}-a`), vault.set(`${TOKEN}-b`), vault.set(`${TOKEN}-c`)]);
    expect(await vault.get()).toBe(`${TOKEN}-c`);
    expect(await readdir(join(temp.dir, 'secrets'))).toEqual(['token.json']);
  });

  it('clears the token', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    await vault.set(TOKEN);
    await vault.clear();
    expect(await vault.get()).toBeNull();
    expect((await vault.status()).configured).toBe(false);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await vault.clear(); // clearing twice is fine
  });

  it.each(['basic_text', 'unknown'])(
    'refuses the %s backend unless weak encryption was explicitly allowed',
    async (backend) => {
      const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage(backend) });
      expect((await vault.status()).encryption).toBe('basic_text');
      await expect(vault.set(TOKEN)).rejects.toMatchObject({ code: 'weak-encryption-not-allowed' });
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });

      await vault.set(TOKEN, { allowWeakEncryption: true });
      expect(await vault.status()).toEqual({
        configured: true,
        fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
        encryption: 'basic_text',
        problem: null,
      });
    },
  );

  it('keeps reporting how the stored token was protected when the keyring comes back', async () => {
    await createSafeStorageVault({ file, safeStorage: fakeSafeStorage('basic_text') }).set(TOKEN, {
      allowWeakEncryption: true,
    });
    const later = createSafeStorageVault({ file, safeStorage: fakeSafeStorage('kwallet6') });
    expect((await later.status()).encryption).toBe('basic_text');
  });

  it('refuses to store when the system cannot encrypt at all', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret', false);
    const vault = createSafeStorageVault({ file, safeStorage });
    await expect(vault.set(TOKEN, { allowWeakEncryption: true })).rejects.toMatchObject({
      code: 'encryption-unavailable',
    });
    expect(await vault.status()).toMatchObject({
      configured: false,
      problem: 'encryption-unavailable',
    });
  });

  it('reports a corrupt file as not configured with a clear problem, and recovers on set', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    await vault.set(TOKEN);
    await writeFile(file, '{"version":1,"encryption":"os","ciphertext":');
    expect(await vault.status()).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'os',
      problem: 'corrupt',
    });
    await expect(vault.get()).rejects.toMatchObject({ name: 'VaultError', code: 'corrupt' });
    await vault.set(TOKEN);
    expect(await vault.get()).toBe(TOKEN);
  });

  it('reports a token it cannot decrypt (another OS user, a changed keyring)', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    await vault.set(TOKEN);
    const record = JSON.parse(await readFile(file, 'utf8'));
    record.ciphertext = Buffer.from('not ours').toString('base64');
    await writeFile(file, JSON.stringify(record));
    expect(await vault.status()).toMatchObject({ configured: false, problem: 'undecryptable' });
    await expect(vault.get()).rejects.toMatchObject({ code: 'undecryptable' });
  });

  it('refuses tokens that could not be sent in a header', async () => {
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    for (const bad of ['', '   ', 'two words', 'ñandú-token', 'x'.repeat(4097)]) {
      await expect(vault.set(bad)).rejects.toMatchObject({ code: 'invalid-token' });
    }
  });

  it('never puts the token in an error message or a status', async () => {
    const seen: string[] = [];
    const collect = async (run: () => Promise<unknown>) => {
      try {
        seen.push(JSON.stringify(await run()));
      } catch (error) {
        expect(error).toBeInstanceOf(VaultError);
        const e = error as VaultError;
        seen.push(e.message, String(e.stack), JSON.stringify(e), String(e.cause));
      }
    };
    const weak = createSafeStorageVault({ file, safeStorage: fakeSafeStorage('basic_text') });
    await collect(() => weak.set(TOKEN));
    await collect(() => weak.set(`${TOKEN} with a space`));
    const vault = createSafeStorageVault({ file, safeStorage: fakeSafeStorage() });
    await vault.set(TOKEN);
    await collect(() => vault.status());
    // The fake decryptor's own error quotes the plaintext it produced; it must not leak through.
    const record = JSON.parse(await readFile(file, 'utf8'));
    const tampered = Buffer.from(record.ciphertext, 'base64');
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    await writeFile(file, JSON.stringify({ ...record, ciphertext: tampered.toString('base64') }));
    await collect(() => vault.get());
    await collect(() => vault.status());
    await writeFile(file, `{"version":1,"token":"${TOKEN}"`);
    await collect(() => vault.get());
    if (isPosix) {
      await chmod(file, 0o000);
      await collect(() => vault.get());
      await chmod(file, 0o600);
    }
    expect(seen.length).toBeGreaterThanOrEqual(6);
    for (const text of seen) expect(text).not.toContain(TOKEN);
  });
});
