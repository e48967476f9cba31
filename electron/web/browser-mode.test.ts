// Browser mode started in process, as the e2e harness and the dev server do: a sale through the
// HTTP bridge, and the token kept in a 0600 file of the data dir.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  freshMock,
  instantRetry,
  makeTempDir,
  NOW,
  PIN,
  PLAIN_SALE,
} from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { type BrowserMode, startBrowserMode, TOKEN_FILE } from './browser-mode';
import { writeRendererFixture } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let mode: BrowserMode;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  await writeRendererFixture(join(temp.dir, 'renderer'));
  mode = await startBrowserMode({
    dataDir: join(temp.dir, 'data'),
    port: 0,
    rendererDir: join(temp.dir, 'renderer'),
    extraOrigins: ['http://localhost:5173'],
    backend: { trainingApp: mock, clock: () => new Date(NOW), retry: instantRetry },
  });
});

afterEach(async () => {
  await mode.close();
  await mock.close();
  await temp.remove();
});

async function bridge(method: string, args: unknown, origin?: string) {
  const response = await fetch(new URL(`/bridge/${method}`, mode.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-mostrador-secret': mode.secret,
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(args),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    ok: boolean;
    result?: Record<string, unknown>;
    error?: unknown;
  };
}

describe('browser mode', () => {
  it('sells through the HTTP bridge with the same handlers', async () => {
    await bridge('shift.start', { cashier_id: 'caja-01' });
    const verified = await bridge('v3.verify', PLAIN_SALE);
    expect(verified).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    const billed = await bridge('v3.paidAndBilled', { verify_op_id: verified.result?.op_id });
    expect(billed).toMatchObject({
      ok: true,
      result: { status: 'succeeded', data: { invoice: 'boleta' } },
    });
  });

  it('keeps the token in a file only this user can read, and never answers it', async () => {
    await bridge('supervisor.setPin', { pin: PIN });
    const token = 'browser-mode-token-1234';
    const status = await bridge('token.set', { pin: PIN, token });
    expect(status).toEqual({
      ok: true,
      result: {
        configured: true,
        fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
        encryption: 'plain-file',
      },
    });
    const file = join(temp.dir, 'data', TOKEN_FILE);
    expect(await readFile(file, 'utf8')).toContain(token);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('accepts the dev server origin it was given', async () => {
    expect(await bridge('token.status', {}, 'http://localhost:5173')).toMatchObject({ ok: true });
  });
});
