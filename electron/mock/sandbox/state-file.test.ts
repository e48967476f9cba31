// `--state-file F` (docs/sandbox.md): only calls with the credentials that changed state are
// kept, the file stops at its limit and says so, a symbolic link is refused, and it is read a
// line at a time.
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import { freshMock, post, request } from '../mock-test-support';
import { createOrder, getOrder, orderBody } from '../orders/test-support';
import { attachStateFile } from './state-file';

let dir: string;
let file: string;
const apps: MockApp[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-state-'));
  file = join(dir, 'store.jsonl');
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await rm(dir, { recursive: true, force: true });
});

async function sandbox(options: Parameters<typeof attachStateFile>[2] = {}) {
  const app = await freshMock();
  apps.push(app);
  await attachStateFile(app, file, options);
  return app;
}

const lines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

describe('what the state file records', () => {
  it('not a reset answered 401: after a restart the state is still there', async () => {
    const first = await sandbox();
    expect((await createOrder(first, orderBody())).status).toBe(200);
    expect((await post(first, '/__mock/reset', {}, 'wrong-token')).status).toBe(401);
    expect((await post(first, '/__mock/reset', undefined, null)).status).toBe(401);
    const second = await sandbox();
    expect((await getOrder(second, 'WEB-1001')).status).toBe(200);
    expect(await lines()).toHaveLength(1);
  });

  it('not a call to an unknown path, nor one refused, however large its body', async () => {
    const app = await sandbox();
    const big = { pad: 'x'.repeat(60_000) };
    expect((await post(app, '/pos/nowhere', big, null)).status).toBe(404);
    expect((await post(app, '/pos/nowhere', big)).status).toBe(404);
    expect(
      (await createOrder(app, { ...orderBody(), amount: -1, pad: 'x'.repeat(100) })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await createOrder(app, orderBody())).status).toBe(200);
    expect(await lines()).toHaveLength(1);
    expect((await stat(file)).size).toBeLessThan(2_000);
  });
});

describe('the state file itself', () => {
  it('stops at its limit: one more call that would be recorded is refused (507), and the log says so', async () => {
    const warnings: string[] = [];
    const app = await sandbox({ maxBytes: 2_000, warn: (text) => warnings.push(text) });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post(app, '/__mock/reset', {})).status);
    expect(statuses).toContain(507);
    expect(statuses.indexOf(507)).toBeGreaterThan(0);
    expect((await stat(file)).size).toBeLessThanOrEqual(2_000);
    const refused = await post(app, '/__mock/reset', {});
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ error: expect.stringMatching(/state file .*2000 bytes/) });
    expect(warnings.join('\n')).toMatch(/state file .*2000 bytes/);
    // Reading is not recording: GETs still work.
    expect((await request(app, { method: 'GET', path: '/__mock/faults' })).status).toBe(200);
  });

  it('refuses a symbolic link, and writes nothing through it', async () => {
    const target = join(dir, 'elsewhere.jsonl');
    await writeFile(target, '');
    await symlink(target, file);
    const app = await freshMock();
    apps.push(app);
    await expect(attachStateFile(app, file)).rejects.toThrow(/symbolic link/);
    expect(await readFile(target, 'utf8')).toBe('');
  });

  it('is read a line at a time: a torn last line is skipped, the rest replayed', async () => {
    const first = await sandbox();
    expect((await createOrder(first, orderBody())).status).toBe(200);
    expect((await createOrder(first, orderBody({ order_id: 'WEB-1002' }))).status).toBe(200);
    await writeFile(file, `${await readFile(file, 'utf8')}{"at":"2026-03-05T15:00:00.000Z","met`);
    const second = await sandbox();
    expect((await getOrder(second, 'WEB-1001')).status).toBe(200);
    expect((await getOrder(second, 'WEB-1002')).status).toBe(200);
  });
});
