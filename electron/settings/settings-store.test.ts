// The settings file: defaults, persistence, damage handling, atomic writes, the PIN hash and
// the lockout, on real files in a temp dir.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { openSettingsStore, SettingsError } from './settings-store';
import { DEFAULT_SETTINGS } from './stored-settings';

let dir: string;
let now = Date.parse('2026-03-10T15:00:00Z');
const clock = () => new Date(now);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-settings-'));
  now = Date.parse('2026-03-10T15:00:00Z');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = (logger = createMemoryLogger()) => openSettingsStore({ dir, clock, logger });

describe('settings store', () => {
  it('starts from the defaults when there is no file', async () => {
    const store = await open();
    expect(store.problems).toEqual([]);
    expect(store.get()).toEqual({
      mode: 'training',
      base_url: null,
      store_name: 'Mi tienda',
      cashier_id: null,
      api_generation: 'v3',
      language: 'es-PE',
      time_zone: 'America/Lima',
      supervisor_pin_set: false,
      pos_client_id: null,
      store_url: null,
      terminal_id: null,
      // The till's integration API is off until a supervisor (or the environment) turns it on.
      integration: { enabled: false, port: 4700, key_hash: null },
      receipt_printer: null,
      terminal_name: null,
    });
  });

  it('keeps the store client id and web address a supervisor sets', async () => {
    const store = await open();
    await store.update({ pos_client_id: 'tienda-centro', store_url: 'https://tienda.example.pe' });
    expect((await open()).get()).toMatchObject({
      pos_client_id: 'tienda-centro',
      store_url: 'https://tienda.example.pe',
    });
    await expect(store.update({ store_url: 'http://tienda.example.pe' })).rejects.toMatchObject({
      issues: { store_url: expect.any(String) },
    });
    await expect(store.update({ pos_client_id: 'with space' })).rejects.toBeInstanceOf(
      SettingsError,
    );
  });

  it('makes the terminal id once, at first use, and keeps it', async () => {
    const store = await open();
    expect(store.get().terminal_id).toBeNull();
    const id = await store.terminalId();
    expect(id).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(await store.terminalId()).toBe(id);
    expect(await (await open()).terminalId()).toBe(id);
  });

  it('keeps changes across reopening, written atomically with no temp file left', async () => {
    const store = await open();
    await store.update({ store_name: 'Tienda Centro', cashier_id: 'caja-01', language: 'en' });
    const again = await open();
    expect(again.get()).toMatchObject({
      store_name: 'Tienda Centro',
      cashier_id: 'caja-01',
      language: 'en',
    });
    expect(await readdir(dir)).toEqual(['settings.json']);
    if (process.platform !== 'win32') expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it('refuses invalid values and keeps the previous ones', async () => {
    const store = await open();
    await expect(store.update({ base_url: 'http://example.com' })).rejects.toBeInstanceOf(
      SettingsError,
    );
    await expect(store.update({ time_zone: 'Nowhere/Land' })).rejects.toMatchObject({
      issues: { time_zone: expect.any(String) },
    });
    expect(store.get().base_url).toBeNull();
  });

  it('reports a file that is not JSON, sets it aside and uses the defaults', async () => {
    await writeFile(join(dir, 'settings.json'), '{"mode": "live", "store_na');
    const logger = createMemoryLogger();
    const store = await open(logger);
    expect(store.problems).toEqual(['the file is not JSON']);
    expect(store.get().mode).toBe('training');
    expect(logger.lines.join('\n')).toContain('settings file damaged');
    const files = await readdir(dir);
    expect(files.some((f) => f.startsWith('settings.json.damaged-'))).toBe(true);
    await store.update({ store_name: 'Nueva' });
    expect(JSON.parse(await readFile(store.path, 'utf8')).store_name).toBe('Nueva');
  });

  it('keeps the valid fields of a partly damaged file', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ store_name: 'Tienda Norte', time_zone: 'Nowhere/Land', mode: 'x' }),
    );
    const store = await open();
    expect(store.problems).toEqual([
      'mode is not valid; the default is used',
      'time_zone is not valid; the default is used',
    ]);
    expect(store.get()).toMatchObject({
      store_name: 'Tienda Norte',
      time_zone: DEFAULT_SETTINGS.time_zone,
      mode: 'training',
    });
  });

  it.each(['[]', 'null', '"text"', '42'])('survives a file holding %s', async (text) => {
    await writeFile(join(dir, 'settings.json'), text);
    const store = await open();
    expect(store.problems).toHaveLength(1);
    expect(store.get().store_name).toBe('Mi tienda');
  });
});

describe('supervisor PIN', () => {
  it('is stored as a salted scrypt hash, never in clear', async () => {
    const store = await open();
    expect(await store.checkPin('1234')).toEqual({ ok: false, reason: 'not-set' });
    await store.setPin('1234');
    const text = await readFile(store.path, 'utf8');
    expect(text).not.toContain('"1234"');
    const saved = JSON.parse(text).supervisor_pin;
    expect(saved).toMatchObject({
      algorithm: 'scrypt',
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await store.checkPin('1234')).toEqual({ ok: true });
    // Same PIN, different salt: the hashes differ.
    const other = await openSettingsStore({ dir: join(dir, 'b'), clock });
    await other.setPin('1234');
    const otherSaved = JSON.parse(await readFile(other.path, 'utf8')).supervisor_pin;
    expect(otherSaved.hash).not.toBe(saved.hash);
  });

  it('locks after 5 wrong PINs for 5 minutes, also across a restart', async () => {
    const store = await open();
    await store.setPin('1234');
    for (let left = 4; left >= 1; left -= 1) {
      expect(await store.checkPin('9999')).toEqual({
        ok: false,
        reason: 'wrong',
        attempts_left: left,
      });
    }
    expect(await store.checkPin('9999')).toEqual({
      ok: false,
      reason: 'locked',
      retry_after_ms: 300_000,
    });
    const reopened = await open();
    now += 60_000;
    expect(await reopened.checkPin('1234')).toEqual({
      ok: false,
      reason: 'locked',
      retry_after_ms: 240_000,
    });
    now += 240_000;
    expect(await reopened.checkPin('1234')).toEqual({ ok: true });
    expect(await reopened.checkPin('9999')).toMatchObject({ reason: 'wrong', attempts_left: 4 });
  });

  it('doubles each further lockout until a right PIN is given, across a restart', async () => {
    let store = await open();
    await store.setPin('1234');
    const lockOut = async () => {
      let answer = await store.checkPin('9999');
      while (answer.ok === false && answer.reason === 'wrong')
        answer = await store.checkPin('9999');
      return answer;
    };
    const lengths: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const answer = await lockOut();
      if (answer.ok || answer.reason !== 'locked') throw new Error('expected a lockout');
      lengths.push(answer.retry_after_ms);
      store = await open();
      now += answer.retry_after_ms;
    }
    expect(lengths).toEqual([300_000, 600_000, 1_200_000, 2_400_000]);
    // A clock set back by hand cannot stretch the current lockout past its own length.
    const fifth = await lockOut();
    now -= 7 * 24 * 3_600_000;
    expect(await store.checkPin('1234')).toEqual({
      ok: false,
      reason: 'locked',
      retry_after_ms: fifth.ok ? 0 : 4_800_000,
    });
    now += 7 * 24 * 3_600_000 + 4_800_000;
    expect(await store.checkPin('1234')).toEqual({ ok: true });
    expect(await lockOut()).toEqual({ ok: false, reason: 'locked', retry_after_ms: 300_000 });
  });

  it('forgets earlier wrong PINs once the right one is given', async () => {
    const store = await open();
    await store.setPin('1234');
    await store.checkPin('0000');
    await store.checkPin('0000');
    expect(await store.checkPin('1234')).toEqual({ ok: true });
    expect(await store.checkPin('0000')).toMatchObject({ attempts_left: 4 });
  });

  it('counts simultaneous wrong attempts one by one', async () => {
    const store = await open();
    await store.setPin('1234');
    const answers = await Promise.all(Array.from({ length: 6 }, () => store.checkPin('0000')));
    expect(answers.filter((a) => !a.ok && a.reason === 'locked')).toHaveLength(2);
  });
});
