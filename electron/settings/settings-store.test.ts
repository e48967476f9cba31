// The settings file: defaults, persistence, damage handling, atomic writes, the PIN hash and
// the lockout, on real files in a temp dir.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { openSettingsStore, SettingsError } from './settings-store';

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
      identity_retention_days: 90,
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
      // A cashier code reads back upper case (docs/decisions.md "Cashier codes and the end-shift warning (issue 18, items 5 and 11)").
      cashier_id: 'CAJA-01',
      language: 'en',
    });
    expect((await readdir(dir)).sort()).toEqual(['settings.backup.json', 'settings.json']);
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

  it('reports a file that is not JSON and keeps it as it is: the terminal needs attention', async () => {
    await writeFile(join(dir, 'settings.json'), '{"mode": "live", "store_na');
    const logger = createMemoryLogger();
    const store = await open(logger);
    expect(store.problems).toEqual(['the file is not JSON']);
    expect(store.attention).toBe('settings-damaged');
    expect(logger.lines.join('\n')).toContain('the terminal needs attention');
    expect(await readFile(store.path, 'utf8')).toBe('{"mode": "live", "store_na');
  });

  it('names the invalid fields of a partly damaged file, and trusts none of it', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ store_name: 'Tienda Norte', time_zone: 'Nowhere/Land', mode: 'x' }),
    );
    const store = await open();
    expect(store.problems).toEqual([
      'mode is not valid; the default is used',
      'time_zone is not valid; the default is used',
    ]);
    expect(store.attention).toBe('settings-damaged');
  });

  it('loads a file that holds an offset as its time zone: the terminal is not bricked (issue 26, item 8)', async () => {
    // Written before zones had to be IANA names; the settings screen and the store database
    // replication report it until a supervisor picks a name.
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ store_name: 'Tienda Norte', time_zone: '+09:00' }),
    );
    const store = await open();
    expect(store.attention).toBeNull();
    expect(store.get()).toMatchObject({ store_name: 'Tienda Norte', time_zone: '+09:00' });
  });

  it('fills fields a file written by an older version lacks with their defaults', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ store_name: 'Tienda Norte' }));
    const store = await open();
    expect(store.attention).toBeNull();
    expect(store.get()).toMatchObject({ store_name: 'Tienda Norte', time_zone: 'America/Lima' });
  });

  it.each(['[]', 'null', '"text"', '42'])('survives a file holding %s', async (text) => {
    await writeFile(join(dir, 'settings.json'), text);
    const store = await open();
    expect(store.problems).toHaveLength(1);
    expect(store.attention).toBe('settings-damaged');
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

/** Swaps the data dir for a plain file: every write in it fails (ENOTDIR), even for root. */
async function makeUnwritable(): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await writeFile(dir, 'not a folder');
}
async function makeWritable(): Promise<void> {
  await rm(dir, { force: true });
  await mkdir(dir, { recursive: true });
}

describe('PIN lockout on a disk that cannot be written (issue 19, item 3)', () => {
  // The disk is "full" by swapping the data dir for a file (ENOTDIR): chmod does not stop root.
  it('locks the PIN when a wrong attempt cannot be stored: the right PIN is refused too', async () => {
    const store = await open();
    await store.setPin('1234');
    await makeUnwritable();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(await store.checkPin('9999')).toEqual({
        ok: false,
        reason: 'needs-attention',
        attention: 'settings-unwritable',
      });
    }
    expect(await store.checkPin('1234')).toEqual({
      ok: false,
      reason: 'needs-attention',
      attention: 'settings-unwritable',
    });
    // Once the disk takes writes again, the count kept in memory is written first: one wrong
    // PIN was counted (the others were refused unhashed), and the right PIN works again.
    await makeWritable();
    expect(await store.checkPin('9999')).toEqual({ ok: false, reason: 'wrong', attempts_left: 3 });
    expect(JSON.parse(await readFile(store.path, 'utf8')).pin_lockout.failures).toBe(2);
    expect(await store.checkPin('1234')).toEqual({ ok: true });
  });

  it('refuses the right PIN while a count it could not store is pending', async () => {
    const store = await open();
    await store.setPin('1234');
    await store.checkPin('9999');
    await makeUnwritable();
    // A right PIN would have to clear the stored count: it cannot, so it is refused as well.
    expect(await store.checkPin('1234')).toMatchObject({ reason: 'needs-attention' });
  });

  it('answers a change that cannot be saved with a typed error, keeping the old value', async () => {
    const store = await open();
    await makeUnwritable();
    await expect(store.update({ store_name: 'Nueva' })).rejects.toMatchObject({
      name: 'SettingsUnavailable',
      attention: 'settings-unwritable',
    });
    expect(store.get().store_name).toBe('Mi tienda');
  });
});

const DAMAGES: [string, (text: string) => string][] = [
  ['truncated', (text) => text.slice(0, Math.floor(text.length / 2))],
  ['garbage', () => '\u0000\u00ff\u0013garbage{{{'],
  ['empty', () => ''],
  ['holding an invalid PIN', (text) => text.replace('"algorithm": "scrypt"', '"algorithm": "md5"')],
  ['holding an invalid mode', (text) => text.replace('"mode": "live"', '"mode": "lvie"')],
  // Still valid JSON and a valid address, only another one: the checksum catches it.
  ['holding another address', (text) => text.replace('pagos.example.pe', 'pagos.exbmple.pe')],
];

/** A live terminal: PIN, live mode and an address, as a supervisor left it. */
async function liveTerminal() {
  const store = await open();
  await store.setPin('1234');
  await store.update({ mode: 'live', base_url: 'https://pagos.example.pe' });
  return store;
}

describe('a damaged settings file (issue 19, item 4)', () => {
  it('writes a backup copy of every saved file beside it, atomically', async () => {
    const store = await liveTerminal();
    expect((await readdir(dir)).sort()).toEqual(['settings.backup.json', 'settings.json']);
    expect(await readFile(join(dir, 'settings.backup.json'), 'utf8')).toBe(
      await readFile(store.path, 'utf8'),
    );
  });

  it.each(DAMAGES)(
    'recovers from the backup when the file is %s: PIN and mode kept',
    async (_, damage) => {
      const store = await liveTerminal();
      await writeFile(store.path, damage(await readFile(store.path, 'utf8')));
      const logger = createMemoryLogger();
      const reopened = await open(logger);
      expect(reopened.attention).toBeNull();
      expect(reopened.get()).toMatchObject({
        mode: 'live',
        base_url: 'https://pagos.example.pe',
        supervisor_pin_set: true,
      });
      expect(await reopened.checkPin('1234')).toEqual({ ok: true });
      expect(logger.lines.join('\n')).toContain('recovered from its backup');
      // The damaged file is kept aside for a technician; the main file is whole again.
      expect((await readdir(dir)).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true);
      expect(JSON.parse(await readFile(store.path, 'utf8')).mode).toBe('live');
    },
  );

  it.each(DAMAGES)(
    'needs attention when the file is %s and so is its backup',
    async (_, damage) => {
      const store = await liveTerminal();
      const damaged = damage(await readFile(store.path, 'utf8'));
      await writeFile(store.path, damaged);
      await writeFile(join(dir, 'settings.backup.json'), damaged);
      const reopened = await open();
      expect(reopened.attention).toBe('settings-damaged');
      // No PIN can be set over it, none checked, nothing saved, and the file stays as it was.
      expect(await reopened.checkPin('1234')).toEqual({
        ok: false,
        reason: 'needs-attention',
        attention: 'settings-damaged',
      });
      await expect(reopened.setPin('0000')).rejects.toMatchObject({
        attention: 'settings-damaged',
      });
      await expect(reopened.update({ mode: 'training' })).rejects.toMatchObject({
        attention: 'settings-damaged',
      });
      await expect(reopened.terminalId()).rejects.toMatchObject({ attention: 'settings-damaged' });
      expect(await readFile(store.path, 'utf8')).toBe(damaged);
      // Still so after another start: nothing was reset.
      expect((await open()).attention).toBe('settings-damaged');
    },
  );

  it('says whether it started from nothing (no file and no backup)', async () => {
    expect((await open()).fresh).toBe(true);
    await liveTerminal();
    expect((await open()).fresh).toBe(false);
    await rm(join(dir, 'settings.json'));
    expect((await open()).fresh).toBe(false);
  });

  it('reads a hand-made file without a checksum as it is', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ store_name: 'Tienda Sur' }));
    const store = await open();
    expect(store.attention).toBeNull();
    expect(store.get().store_name).toBe('Tienda Sur');
  });

  it('needs attention when the file cannot be read at all', async () => {
    await mkdir(join(dir, 'settings.json'));
    const store = await open();
    expect(store.attention).toBe('settings-damaged');
    expect(store.problems).toContain('the file could not be read');
  });

  it('recovers from the backup when the file itself is gone', async () => {
    const store = await liveTerminal();
    await rm(store.path);
    const reopened = await open();
    expect(reopened.attention).toBeNull();
    expect(reopened.get()).toMatchObject({ mode: 'live', supervisor_pin_set: true });
  });

  it('needs attention when the file is gone and its backup is damaged', async () => {
    const store = await liveTerminal();
    await rm(store.path);
    await writeFile(join(dir, 'settings.backup.json'), '{"mode":');
    expect((await open()).attention).toBe('settings-damaged');
  });
});
