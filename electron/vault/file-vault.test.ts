import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault } from './file-vault';
import { makeTempDir } from './test-support';

const TOKEN = 'mock-token-1234abcd';
const isPosix = process.platform !== 'win32';
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let file: string;

beforeEach(async () => {
  temp = await makeTempDir();
  file = join(temp.dir, 'token.json');
});
afterEach(() => temp.remove());

describe('file vault (browser mode)', () => {
  it('round-trips the token and says it is a plain file', async () => {
    const vault = createFileVault({ file });
    expect(await vault.get()).toBeNull();
    expect(await vault.status()).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'plain-file',
      problem: null,
    });
    await vault.set(TOKEN);
    expect(await vault.get()).toBe(TOKEN);
    expect(await vault.status()).toEqual({
      configured: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      encryption: 'plain-file',
      problem: null,
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, token: TOKEN });
  });

  it.skipIf(!isPosix)('writes mode 0600 and puts a loosened mode back before reading', async () => {
    const vault = createFileVault({ file });
    await vault.set(TOKEN);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await chmod(file, 0o644);
    expect(await vault.get()).toBe(TOKEN);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('clears the token', async () => {
    const vault = createFileVault({ file });
    await vault.set(TOKEN);
    await vault.clear();
    expect(await vault.get()).toBeNull();
    expect((await vault.status()).configured).toBe(false);
  });

  it.each([
    ['not JSON', '{"version":1,"tok'],
    ['the wrong shape', '{"version":2,"token":"abc"}'],
    ['an unusable token', '{"version":1,"token":"has a space"}'],
  ])('reports a file holding %s as corrupt, not configured', async (_, text) => {
    await writeFile(file, text, { mode: 0o600 });
    const vault = createFileVault({ file });
    const status = await vault.status();
    expect(status).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'plain-file',
      problem: 'corrupt',
    });
    expect(JSON.stringify(status)).not.toContain('has a space');
    await expect(vault.get()).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('shows a fingerprint with no character of the token, however short', async () => {
    const vault = createFileVault({ file });
    await vault.set('abc123');
    const { fingerprint } = await vault.status();
    expect(fingerprint).toMatch(/^[0-9a-f]{8}$/);
    for (const piece of ['abc', 'bc1', 'c12', '123']) expect(fingerprint).not.toContain(piece);
  });
});
