// Settings, shift, supervisor PIN and token over the bridge.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import { createMemoryVault } from '../../vault/memory-vault';
import { createSafeStorageVault } from '../../vault/safe-storage-vault';
import { fakeSafeStorage } from '../../vault/test-support';
import type { Vault } from '../../vault/vault';
import type { Backend } from '../compose/open-backend';
import {
  errorOf,
  freshMock,
  makeTempDir,
  NOW,
  ok,
  openTestBackend,
  PIN,
} from '../compose/test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let now = Date.parse(NOW);

async function open(vault: Vault = createMemoryVault()) {
  backend = await openTestBackend({ dataDir: temp.dir, mock, vault, clock: () => new Date(now) });
  return backend.table;
}

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  now = Date.parse(NOW);
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

describe('settings', () => {
  it('start in training mode with the defaults and no token', async () => {
    const table = await open();
    expect(await ok(table, 'settings.get', {})).toEqual({
      mode: 'training',
      base_url: null,
      store_name: 'Mi tienda',
      cashier_id: null,
      api_generation: 'v3',
      language: 'es-PE',
      time_zone: 'America/Lima',
      supervisor_pin_set: false,
      token: { configured: false, fingerprint: null, encryption: 'memory' },
      pos_client_id: null,
      store_url: null,
      terminal_id: null,
      receipt_printer: null,
      terminal_name: null,
      identity_retention_days: 90,
    });
  });

  it('take the language without a PIN, before any PIN exists, and nothing else that way', async () => {
    const table = await open();
    expect(await ok(table, 'settings.setLanguage', { language: 'en' })).toMatchObject({
      language: 'en',
      supervisor_pin_set: false,
    });
    expect((await ok(table, 'settings.get', {})).language).toBe('en');
    for (const args of [
      { language: 'en', mode: 'live' },
      { language: 'fr' },
      { language: 'en', store_name: 'Otra' },
    ]) {
      expect((await errorOf(table, 'settings.setLanguage', args as never)).code).toBe(
        'bad-arguments',
      );
    }
    expect(await ok(table, 'settings.get', {})).toMatchObject({
      language: 'en',
      mode: 'training',
      store_name: 'Mi tienda',
    });
  });

  it('need the PIN to change, and a PIN to be set first', async () => {
    const table = await open();
    const change = { store_name: 'Tienda Centro' };
    expect((await errorOf(table, 'settings.update', { pin: PIN, change })).code).toBe(
      'pin-required',
    );
    await ok(table, 'supervisor.setPin', { pin: PIN });
    expect((await errorOf(table, 'settings.update', { pin: '1111', change })).code).toBe(
      'wrong-pin',
    );
    expect((await ok(table, 'settings.update', { pin: PIN, change })).store_name).toBe(
      'Tienda Centro',
    );
  });

  it('switch to live only with a permitted base URL and a token', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    const noUrl = await errorOf(table, 'settings.update', { pin: PIN, change: { mode: 'live' } });
    expect(noUrl).toMatchObject({ code: 'not-configured', missing: 'service-url' });
    const plainHttp = await errorOf(table, 'settings.update', {
      pin: PIN,
      change: { base_url: 'http://service.example.com' },
    });
    expect(plainHttp).toMatchObject({
      code: 'bad-arguments',
      issues: { 'change.base_url': 'plain-http-not-loopback' },
    });
    const noToken = await errorOf(table, 'settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: 'https://service.example.com/' },
    });
    // What is missing is named, so the screen can say "the token", not "the terminal".
    expect(noToken).toMatchObject({ code: 'not-configured', missing: 'service-token' });
    await ok(table, 'token.set', { pin: PIN, token: 'abcdefgh12345678' });
    const live = await ok(table, 'settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: 'https://service.example.com/' },
    });
    expect(live).toMatchObject({ mode: 'live', base_url: 'https://service.example.com' });
    // Another origin while live: the token was not entered for it, so it would be cleared and
    // the terminal left live without one (issue 19): refused, nothing changed.
    const moved = await errorOf(table, 'settings.update', {
      pin: PIN,
      change: { base_url: 'http://127.0.0.1:4010' },
    });
    expect(moved).toMatchObject({ code: 'not-configured', missing: 'service-token' });
    expect((await ok(table, 'token.status', {})).configured).toBe(true);
    // Loopback over plain HTTP is a local sandbox: allowed (in training, then its token).
    await ok(table, 'settings.update', { pin: PIN, change: { mode: 'training' } });
    const local = await ok(table, 'settings.update', {
      pin: PIN,
      change: { base_url: 'http://127.0.0.1:4010' },
    });
    expect(local.base_url).toBe('http://127.0.0.1:4010');
    await ok(table, 'token.set', { pin: PIN, token: 'abcdefgh12345678' });
    await ok(table, 'settings.update', { pin: PIN, change: { mode: 'live' } });
    const cleared = await errorOf(table, 'settings.update', {
      pin: PIN,
      change: { base_url: null },
    });
    expect(cleared.code).toBe('not-configured');
  });

  it('refuse an unknown time zone', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    const error = await errorOf(table, 'settings.update', {
      pin: PIN,
      change: { time_zone: 'Mars/Olympus' },
    });
    expect(error).toMatchObject({
      code: 'bad-arguments',
      issues: { 'change.time_zone': expect.any(String) },
    });
  });

  it('refuse a time zone that is an offset or an abbreviation (issue 26, item 8)', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    for (const zone of ['+09:00', '-05:00', 'IST']) {
      const error = await errorOf(table, 'settings.update', {
        pin: PIN,
        change: { time_zone: zone },
      });
      expect({ zone, error }).toMatchObject({
        zone,
        error: { code: 'bad-arguments', issues: { 'change.time_zone': expect.any(String) } },
      });
    }
    await ok(table, 'settings.update', { pin: PIN, change: { time_zone: 'Asia/Tokyo' } });
  });

  it('let the cashier start and end a shift without a PIN', async () => {
    const table = await open();
    // Upper case, so "caja-07" and "CAJA-07" are one cashier (issue 18 item 5).
    expect((await ok(table, 'shift.start', { cashier_id: 'caja-07' })).cashier_id).toBe('CAJA-07');
    expect((await ok(table, 'shift.end', {})).cashier_id).toBeNull();
  });
});

describe('supervisor PIN', () => {
  it('needs the current PIN to change it', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    expect((await errorOf(table, 'supervisor.setPin', { pin: '5555' })).code).toBe('pin-required');
    expect((await errorOf(table, 'supervisor.setPin', { current: '0000', pin: '5555' })).code).toBe(
      'wrong-pin',
    );
    await ok(table, 'supervisor.setPin', { current: PIN, pin: '5555' });
    expect(await ok(table, 'supervisor.checkPin', { pin: '5555' })).toEqual({ valid: true });
  });

  it('locks for 5 minutes after 5 wrong PINs, then accepts the right one', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    for (let i = 0; i < 4; i += 1) {
      expect((await errorOf(table, 'supervisor.checkPin', { pin: '0000' })).code).toBe('wrong-pin');
    }
    expect(await errorOf(table, 'supervisor.checkPin', { pin: '0000' })).toMatchObject({
      code: 'pin-locked',
      retry_after_s: 300,
    });
    // Even the right PIN is refused during the lockout, and the time left is said.
    now += 61_000;
    expect(await errorOf(table, 'supervisor.checkPin', { pin: PIN })).toEqual({
      code: 'pin-locked',
      message: 'Too many wrong PINs. Try again in 4 minutes.',
      retry_after_s: 239,
    });
    now -= 61_000;
    now += 5 * 60_000 - 1;
    expect((await errorOf(table, 'supervisor.checkPin', { pin: PIN })).code).toBe('pin-locked');
    now += 1;
    expect(await ok(table, 'supervisor.checkPin', { pin: PIN })).toEqual({ valid: true });
  });
});

describe('token', () => {
  it('is set and cleared behind the PIN and shows only its last 4 characters', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    const token = 'secret-token-value-9876';
    expect((await errorOf(table, 'token.set', { pin: '0000', token })).code).toBe('wrong-pin');
    const status = await ok(table, 'token.set', { pin: PIN, token });
    expect(status).toEqual({
      configured: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      encryption: 'memory',
    });
    expect(await ok(table, 'token.status', {})).toEqual(status);
    expect(JSON.stringify(await ok(table, 'settings.get', {}))).not.toContain(token);
    expect(await ok(table, 'token.clear', { pin: PIN })).toEqual({
      configured: false,
      fingerprint: null,
      encryption: 'memory',
    });
  });

  it('is refused on basic_text encryption unless weak encryption is accepted', async () => {
    const vault = createSafeStorageVault({
      file: join(temp.dir, 'token.bin'),
      safeStorage: fakeSafeStorage('basic_text'),
    });
    const table = await open(vault);
    await ok(table, 'supervisor.setPin', { pin: PIN });
    const token = 'secret-token-value-9876';
    expect((await errorOf(table, 'token.set', { pin: PIN, token })).code).toBe('weak-encryption');
    expect((await ok(table, 'token.status', {})).configured).toBe(false);
    const status = await ok(table, 'token.set', { pin: PIN, token, allow_weak_encryption: true });
    expect(status).toEqual({
      configured: true,
      fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      encryption: 'basic_text',
    });
  });
});
