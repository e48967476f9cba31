import { describe, expect, it } from 'vitest';
import { createMemoryVault } from './memory-vault';

describe('memory vault', () => {
  it('holds a token until cleared and reports itself as memory', async () => {
    const vault = createMemoryVault();
    expect(await vault.status()).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'memory',
      problem: null,
    });
    await vault.set('mock-token');
    expect(await vault.get()).toBe('mock-token');
    expect(await vault.status()).toEqual({
      configured: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      encryption: 'memory',
      problem: null,
    });
    await vault.clear();
    expect(await vault.get()).toBeNull();
  });

  it('applies the same token rules as the file vaults', async () => {
    await expect(createMemoryVault().set('a b')).rejects.toMatchObject({ code: 'invalid-token' });
    expect(() => createMemoryVault('')).toThrow(/visible ASCII/);
  });
});
