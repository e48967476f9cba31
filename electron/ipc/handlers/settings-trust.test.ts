// Issue 19 ("Trust at the edges"), items 3–5 over the bridge: the PIN lockout when the settings
// cannot be saved, a damaged settings file, and the stored token after an address change. The
// service stand-ins are real loopback HTTP servers that record every request's headers.
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import { createFileVault } from '../../vault/file-vault';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Vault } from '../../vault/vault';
import type { Backend } from '../compose/open-backend';
import {
  call,
  errorOf,
  freshMock,
  makeTempDir,
  ok,
  openTestBackend,
  PIN,
} from '../compose/test-support';

const TOKEN = 'live-token-0123456789';
const LIMITS = JSON.stringify({
  landing_version: 'v3',
  min_amount: 100,
  max_amount: 15000,
  min_steps: 2,
  max_steps: 12,
});

type Recorder = { url: string; server: Server; authorizations: string[] };

/** A service stand-in on 127.0.0.1 that answers the funding limits and records each header. */
async function recorder(): Promise<Recorder> {
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '(none)');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(LIMITS);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, authorizations };
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend | undefined;
let servers: Recorder[] = [];

async function open(vault: Vault = createMemoryVault()) {
  // No injected transport: the token goes over real fetch to the recorders.
  backend = await openTestBackend({ dataDir: temp.dir, mock, vault, liveTimeoutMs: 2_000 });
  return backend.table;
}

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  servers = [await recorder(), await recorder()];
});

afterEach(async () => {
  await backend?.close();
  backend = undefined;
  for (const { server } of servers) server.close();
  await mock.close();
  await temp.remove();
});

const settingsFile = () => join(temp.dir, 'settings.json');

describe('the PIN lockout when the settings cannot be saved (item 3)', () => {
  it('locks the PIN (needs-attention, not internal) for 20 wrong PINs and the right one', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    // Disk full, injected without chmod (root ignores it): settings.json is swapped for a
    // non-empty folder, so the atomic rename onto it fails while the journal stays writable.
    const saved = await readFile(settingsFile(), 'utf8');
    await rm(settingsFile());
    await mkdir(join(settingsFile(), 'blocker'), { recursive: true });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(await errorOf(table, 'supervisor.checkPin', { pin: '9999' })).toMatchObject({
        code: 'needs-attention',
        attention: 'settings-unwritable',
      });
    }
    expect(await errorOf(table, 'supervisor.checkPin', { pin: PIN })).toMatchObject({
      code: 'needs-attention',
      attention: 'settings-unwritable',
    });
    expect(
      await errorOf(table, 'settings.update', { pin: PIN, change: { store_name: 'X' } }),
    ).toMatchObject({ code: 'needs-attention' });
    // The disk takes writes again: the count kept in memory is stored, then the PIN works.
    await rm(settingsFile(), { recursive: true });
    await writeFile(settingsFile(), saved);
    expect(await ok(table, 'supervisor.checkPin', { pin: PIN })).toEqual({ valid: true });
  });
});

describe('a damaged settings file (item 4)', () => {
  async function liveTerminal(vault: Vault) {
    const table = await open(vault);
    const [service] = servers;
    if (!service) throw new Error('no recorder');
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: service.url } });
    await ok(table, 'token.set', { pin: PIN, token: TOKEN });
    await ok(table, 'settings.update', { pin: PIN, change: { mode: 'live' } });
    await backend?.close();
    backend = undefined;
  }

  it.each([
    ['truncated', (text: string) => text.slice(0, 40)],
    ['garbage', () => 'Ω\u0000garbage'],
    ['empty', () => ''],
  ])('%s, with its backup: the terminal needs attention and sends nothing', async (_, damage) => {
    const vault = createMemoryVault();
    await liveTerminal(vault);
    const text = damage(await readFile(settingsFile(), 'utf8'));
    await writeFile(settingsFile(), text);
    await writeFile(join(temp.dir, 'settings.backup.json'), text);
    const table = await open(vault);
    const attention = { code: 'needs-attention', attention: 'settings-damaged' };
    expect(await errorOf(table, 'settings.get', {})).toMatchObject(attention);
    // No new PIN over it, no test of another address with the stored token, no sale.
    expect(await errorOf(table, 'supervisor.setPin', { pin: '0000' })).toMatchObject(attention);
    const [, other] = servers;
    expect(
      await errorOf(table, 'settings.testConnection', { pin: '0000', base_url: other?.url ?? '' }),
    ).toMatchObject(attention);
    expect(await errorOf(table, 'limits.get', {})).toMatchObject(attention);
    // What a technician needs to find the files is still there.
    expect((await ok(table, 'app.info', {})).data_dir).toBe(temp.dir);
    expect(servers.flatMap((s) => s.authorizations)).toEqual([]);
    // Nothing was written over the damaged file.
    expect(await readFile(settingsFile(), 'utf8')).toBe(text);
  });

  it('recovers from the backup copy: the same PIN, live mode and address', async () => {
    const vault = createMemoryVault();
    await liveTerminal(vault);
    await writeFile(settingsFile(), '{"mode": "li');
    const table = await open(vault);
    expect(await ok(table, 'settings.get', {})).toMatchObject({
      mode: 'live',
      base_url: servers[0]?.url,
      supervisor_pin_set: true,
    });
    expect(await ok(table, 'supervisor.checkPin', { pin: PIN })).toEqual({ valid: true });
  });
});

describe('a stored token whose settings are gone', () => {
  it('is forgotten at start: a first run cannot bind it to an address of its choosing', async () => {
    // Both settings files deleted (or lost) while the token file stays: the PIN is gone, so
    // whoever sets a new one could otherwise save an address and test the token against it.
    const vault = createFileVault({ file: join(temp.dir, 'token.json') });
    await vault.set(TOKEN);
    const table = await open(vault);
    expect(await ok(table, 'settings.get', {})).toMatchObject({
      supervisor_pin_set: false,
      token: { configured: false },
    });
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: servers[0]?.url ?? '' } });
    expect(
      await ok(table, 'settings.testConnection', { pin: PIN, base_url: servers[0]?.url ?? '' }),
    ).toEqual({ verdict: 'no-token' });
    expect(servers[0]?.authorizations).toEqual([]);
  });
});

describe('the stored token after an address change (item 5)', () => {
  async function withToken() {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: servers[0]?.url ?? '' } });
    await ok(table, 'token.set', { pin: PIN, token: TOKEN });
    return table;
  }

  it('is sent to the address it was entered for, and never tested against another', async () => {
    const table = await withToken();
    const [first, second] = servers;
    if (!first || !second) throw new Error('no recorders');
    expect(await ok(table, 'settings.testConnection', { pin: PIN, base_url: first.url })).toEqual({
      verdict: 'ok',
    });
    expect(first.authorizations).toEqual([`Bearer ${TOKEN}`]);
    expect(
      await ok(table, 'settings.testConnection', { pin: PIN, base_url: `${second.url}/` }),
    ).toEqual({ verdict: 'other-address' });
    expect(second.authorizations).toEqual([]);
  });

  it.each([
    ['another port', (url: string) => url.replace(/:\d+$/, `:${servers[1]?.url.split(':')[2]}`)],
    ['another host', (url: string) => url.replace('127.0.0.1', 'localhost')],
  ])('is cleared when the saved address moves to %s', async (_, move) => {
    const table = await withToken();
    const target = move(servers[0]?.url ?? '');
    const saved = await ok(table, 'settings.update', { pin: PIN, change: { base_url: target } });
    expect(saved.token).toMatchObject({ configured: false, fingerprint: null });
    expect(await ok(table, 'settings.testConnection', { pin: PIN, base_url: target })).toEqual({
      verdict: 'no-token',
    });
    // Moving back does not bring it back either.
    const back = servers[0]?.url ?? '';
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: back } });
    expect((await ok(table, 'token.status', {})).configured).toBe(false);
    expect(servers[1]?.authorizations).toEqual([]);
    expect(servers[0]?.authorizations).toEqual([]);
  });

  it('is kept when the address changes only in its path', async () => {
    const table = await withToken();
    const moved = `${servers[0]?.url}/api`;
    const saved = await ok(table, 'settings.update', { pin: PIN, change: { base_url: moved } });
    expect(saved.token.configured).toBe(true);
  });

  it('refuses to go live on a new address in one step: the token must be entered again', async () => {
    const table = await withToken();
    const answer = await call(table, 'settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: servers[1]?.url ?? '' },
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'not-configured', missing: 'service-token' },
    });
    // Refused before anything changed: the address and the token are as they were.
    expect(await ok(table, 'settings.get', {})).toMatchObject({
      base_url: servers[0]?.url,
      token: { configured: true },
    });
  });

  it('entered before any address belongs to the first one saved; removing it clears it', async () => {
    const table = await open();
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'token.set', { pin: PIN, token: TOKEN });
    const [first, second] = servers;
    if (!first || !second) throw new Error('no recorders');
    // No address saved: "Test connection" sends it nowhere, not even to the address typed.
    expect(await ok(table, 'settings.testConnection', { pin: PIN, base_url: first.url })).toEqual({
      verdict: 'other-address',
    });
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: first.url } });
    expect((await ok(table, 'token.status', {})).configured).toBe(true);
    // Removed, then another saved: the token does not follow in two steps either.
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: null } });
    await ok(table, 'settings.update', { pin: PIN, change: { base_url: second.url } });
    expect((await ok(table, 'token.status', {})).configured).toBe(false);
    expect(first.authorizations).toEqual([]);
    expect(second.authorizations).toEqual([]);
  });
});
