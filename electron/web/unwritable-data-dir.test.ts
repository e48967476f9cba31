// Issue 19, item 9: a data folder browser mode cannot write. It used to exit with an EROFS stack
// trace and serve nothing; now it serves the renderer and a bridge that says the terminal needs
// attention. The read-only mount is simulated with a data dir *under a regular file* (ENOTDIR):
// this runs as root, which chmod does not stop, and needs no mount privileges.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempDir } from '../ipc/compose/test-support';
import { startBrowserModeOrAttention } from './browser-mode';
import { writeRendererFixture } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let close: (() => Promise<void>) | undefined;

beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await close?.();
  close = undefined;
  await temp.remove();
});

it('serves the renderer and answers needs-attention when the data folder cannot be written', async () => {
  await writeRendererFixture(join(temp.dir, 'renderer'));
  await writeFile(join(temp.dir, 'a-file'), 'not a folder');
  const dataDir = join(temp.dir, 'a-file', 'data');
  const mode = await startBrowserModeOrAttention({
    dataDir,
    port: 0,
    rendererDir: join(temp.dir, 'renderer'),
  });
  close = mode.close;
  expect(mode.attention).toBe('data-dir-unwritable');

  const page = await fetch(new URL('/', mode.url));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');

  const call = async (method: string) => {
    const response = await fetch(new URL(`/bridge/${method}`, mode.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': mode.secret },
      body: '{}',
    });
    return response.json();
  };
  expect(await call('settings.get')).toMatchObject({
    ok: false,
    error: { code: 'needs-attention', attention: 'data-dir-unwritable' },
  });
  expect(await call('v3.verify')).toMatchObject({ ok: false });
  expect(await call('app.info')).toMatchObject({
    ok: true,
    result: { shell: 'browser', data_dir: dataDir },
  });
});

it('also when the folder exists but takes no new file', async () => {
  // The folder is there (a read-only mount is): its write probe's name is taken by a folder, so
  // creating the probe fails (EISDIR) as creating any file on a read-only mount would (EROFS).
  const dataDir = join(temp.dir, 'data');
  await mkdir(join(dataDir, `.write-probe-${process.pid}`, 'inside'), { recursive: true });
  const mode = await startBrowserModeOrAttention({ dataDir, port: 0, rendererDir: null });
  close = mode.close;
  expect(mode.attention).toBe('data-dir-unwritable');
});
