// A backend that fails to open after the till API and the store link started leaves nothing
// running behind the start-failure screen: no till can call in, no replication keeps sending,
// and the journal's folder opens again (electron/main/index.ts falls back to start-failure).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEY } from '../../integration/test-support';
import { createMemoryLogger } from '../../log/logger';
import { scriptedDriver } from '../../store-link/test-support';
import { ok, openTestBackend, PIN, testBed } from './test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const bed = testBed();

describe('a backend that fails late in its opening', () => {
  it('closes the till API, the store link and the journal it had started', async () => {
    const driver = scriptedDriver();
    // Live lines go under the store's client id: set, so the link starts replicating at open.
    const before = await openTestBackend({ dataDir: bed.dir, mock: bed.mock });
    await ok(before.table, 'supervisor.setPin', { pin: PIN });
    await ok(before.table, 'settings.update', {
      pin: PIN,
      change: { pos_client_id: 'tienda-centro' },
    });
    await before.close();
    const memory = createMemoryLogger();
    // The last step of the opening fails (here: its log line; in life, resuming the journal).
    const logger = {
      ...memory,
      info: (message: string, fields?: Record<string, unknown>) => {
        if (message === 'backend opened') throw new Error('the last step failed');
        memory.info(message, fields);
      },
    };
    await expect(
      openTestBackend({
        dataDir: bed.dir,
        mock: bed.mock,
        logger,
        integration: { envKey: KEY, port: 0 },
        storeDb: { driver, envUrl: URL_A },
      }),
    ).rejects.toThrow('the last step failed');
    const listening = memory.lines
      .map((line) => JSON.parse(line) as { msg: string; url?: string })
      .find((line) => line.msg === 'integration API listening');
    const port = Number(new URL(listening?.url ?? 'http://x').port);
    expect(port).toBeGreaterThan(0);
    expect(await accepts(port)).toBe(false);
    expect(driver.started).toHaveLength(1);
    expect(driver.stopped).toBe(1);
    // The journal was closed: the same folder opens again and closes cleanly.
    const again = await openTestBackend({ dataDir: bed.dir, mock: bed.mock });
    await again.close();
  });
});
