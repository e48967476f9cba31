// The integration key as a supervisor manages it (PIN; shown once; only its hash at rest; a new
// one revokes the old) and sale requests across a restart of the host (close and reopen on the
// same data dir: the SIGKILL case is in reliability/kill-restart/).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, freshMock, makeTempDir, ok, PIN } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { raw } from '../web/test-support';
import { hashKey } from './integration-key';
import { BASE, KEY, openTill, tillFor, verifiedOpId } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
});

afterEach(async () => {
  await mock.close();
  await temp.remove();
});

describe('the key in Settings', () => {
  it('is off until a supervisor turns it on; a new key revokes the old; only hashes at rest', async () => {
    const { backend } = await openTill({ dataDir: temp.dir, mock, envKey: '' });
    try {
      const table = backend.table;
      expect(await ok(table, 'integration.status', {})).toMatchObject({
        enabled: false,
        source: 'off',
        key_set: false,
      });
      await ok(table, 'supervisor.setPin', { pin: PIN });
      expect((await errorOf(table, 'integration.rotateKey', { pin: '0000' })).code).toBe(
        'wrong-pin',
      );
      const first = await ok(table, 'integration.rotateKey', { pin: PIN });
      expect(first.key).toMatch(/^mik_[A-Za-z0-9_-]{43}$/);
      expect(first.webhook_secret).toMatch(/^whsec_/);
      const on = await ok(table, 'integration.configure', { pin: PIN, enabled: true, port: 4700 });
      // The test backend was told port 0: a free one, whatever the settings say.
      expect(on).toMatchObject({ enabled: true, source: 'settings', key_set: true });
      const port = on.port;
      const get = (key: string) =>
        raw(port, { path: `${BASE}/none`, headers: { authorization: `Bearer ${key}` } });
      expect((await get(first.key)).status).toBe(404);
      const second = await ok(table, 'integration.rotateKey', { pin: PIN });
      expect((await get(first.key)).status).toBe(401);
      expect((await get(second.key)).status).toBe(404);

      const settingsFile = await readFile(join(temp.dir, 'settings.json'), 'utf8');
      expect(settingsFile).toContain(hashKey(second.key));
      expect(settingsFile).not.toContain(second.key);
      expect(settingsFile).not.toContain(second.webhook_secret);
      const log = await readFile(join(temp.dir, 'mostrador.log'), 'utf8');
      expect(log).not.toContain(second.key);
      // The renderer's settings carry no hash either.
      expect(JSON.stringify(await ok(table, 'settings.get', {}))).not.toContain('key_hash');

      const off = await ok(table, 'integration.configure', {
        pin: PIN,
        enabled: false,
        port: 4700,
      });
      expect(off.enabled).toBe(false);
      await expect(get(second.key)).rejects.toThrow();
    } finally {
      await backend.close();
    }
  });

  it('ignores a MOSTRADOR_INTEGRATION_KEY shorter than 32 characters', async () => {
    const { backend } = await openTill({ dataDir: temp.dir, mock, envKey: 'short-key' });
    expect(backend.integration.status()).toMatchObject({ enabled: false, source: 'off' });
    await backend.close();
  });
});

describe('a restart of the host', () => {
  it('loses no request: the next read and a retried POST give the same request, never a second sale', async () => {
    const first = await openTill({ dataDir: temp.dir, mock });
    await ok(first.backend.table, 'shift.start', { cashier_id: 'caja-01' });
    const sale = { request_id: 'R-1', billed_amount: 1200 };
    const created = await first.till.create(sale);
    await first.till.create({ request_id: 'R-2', billed_amount: 10 });
    const verifyOpId = await verifiedOpId(first.backend, 'R-1');
    await ok(first.backend.table, 'v3.paidAndBilled', { verify_op_id: verifyOpId });
    const billed = await first.till.read('R-1');
    await first.backend.close();

    const second = await openTill({ dataDir: temp.dir, mock });
    const till = tillFor(second.backend);
    expect(await till.read('R-1')).toEqual(billed);
    const retried = await till.create(sale);
    expect(retried.status).toBe(200);
    expect(retried.request.created_at).toBe(created.request.created_at);
    expect(retried.request.state).toBe('billed');
    expect((await till.read('R-2')).state).toBe('waiting');
    const queue = await ok(second.backend.table, 'integration.queue', {});
    expect(queue.requests.map((r) => r.request_id)).toEqual(['R-2']);
    expect((await second.backend.journal.ofOperation('v3.paidAndBilled')).length).toBe(1);
    expect(second.backend.integration.status().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await second.backend.close();
  });

  it('keeps the env key working across restarts with nothing of it on disk', async () => {
    const first = await openTill({ dataDir: temp.dir, mock });
    await first.till.create({ request_id: 'R-3', billed_amount: 5 });
    await first.backend.close();
    const journal = await readFile(join(temp.dir, 'journal.jsonl'), 'utf8');
    expect(journal).not.toContain(KEY);
    const second = await openTill({ dataDir: temp.dir, mock });
    expect((await tillFor(second.backend).read('R-3')).state).toBe('waiting');
    await second.backend.close();
  });
});
