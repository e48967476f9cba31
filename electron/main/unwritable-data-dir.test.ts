// Issue 19, item 9, in the Electron shell: a data folder it cannot write used to leave the
// backend's rejection unhandled (no window, no bridge). Now the window opens on the app and the
// bridge answers `needs-attention`, as browser mode does. The read-only folder is simulated by a
// data dir *under a regular file* (ENOTDIR): this runs as root, which chmod does not stop.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { APP_ENTRY } from './policies';
import { fakeElectron as fake } from './test-support';

vi.mock('electron', async () => (await import('./test-support')).fakeElectronModule());

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let dataDir = '';

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  const root = await mkdtemp(join(tmpdir(), 'mostrador-main-ro-'));
  await writeFile(join(root, 'a-file'), 'not a folder');
  dataDir = join(root, 'a-file', 'data');
  process.env.MOSTRADOR_DATA_DIR = dataDir;
  await import('./index');
  fake.ready();
  await vi.waitUntil(() => fake.windows[0]?.url, { timeout: 50_000 });
}, 60_000);
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

it('opens the app and answers needs-attention when the data folder cannot be written', async () => {
  expect(fake.windows).toHaveLength(1);
  expect(fake.windows[0]?.url).toBe(APP_ENTRY);
  const invoke = fake.ipcHandlers.get('mostrador:invoke');
  const mainFrame = { url: `${APP_ENTRY}#/sale`, parent: null, frameTreeNodeId: 1 };
  const event = { senderFrame: mainFrame, sender: { mainFrame } };
  expect(await invoke?.(event, 'settings.get', {})).toMatchObject({
    ok: false,
    error: { code: 'needs-attention', attention: 'data-dir-unwritable' },
  });
  expect(await invoke?.(event, 'app.info', {})).toMatchObject({
    ok: true,
    result: { shell: 'electron', data_dir: dataDir },
  });
  // Quitting works without a backend to close.
  fake.appListeners.get('before-quit')?.({ preventDefault: () => undefined });
  await vi.waitUntil(() => fake.state.quitCalls > 0, { timeout: 10_000 });
  expect(unhandled).toEqual([]);
});
