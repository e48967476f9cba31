// `npm run web`'s server as a process: one JSON line on stdout once listening, the data dir
// created where told, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../ipc/compose/test-support';
import { writeRendererFixture } from './test-support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(() => temp.remove());

describe('web cli', () => {
  it('prints its URL as one JSON line, serves the app, and stops cleanly on SIGTERM', async () => {
    const dataDir = join(temp.dir, 'data');
    const rendererDir = join(temp.dir, 'renderer');
    await writeRendererFixture(rendererDir);
    const child = spawn(
      tsx,
      ['electron/web/cli.ts', '--port', '0', '--data-dir', dataDir, '--renderer-dir', rendererDir],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, MOSTRADOR_DATA_DIR: '' },
      },
    );
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const lines = createInterface({ input: child.stdout });
    const stdout: string[] = [];
    const first = await new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => {
        stdout.push(line);
        if (stdout.length === 1) resolve(line);
      });
      void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
    });

    const printed = JSON.parse(first) as { url: string };
    expect(Object.keys(printed)).toEqual(['url']);
    // The credential is in the launch URL only; the page any local process can fetch has none.
    expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[0-9a-f]{64}$/);
    const key = new URL(printed.url).searchParams.get('key') ?? '';
    const origin = new URL(printed.url).origin;
    for (const path of ['/', '/index.html', '/sale', `/?key=${'0'.repeat(64)}`]) {
      const page = await (await fetch(`${origin}${path}`)).text();
      expect(page).toContain('<title>');
      expect(page).not.toContain(key);
      expect(page).not.toContain('bridge-secret');
    }
    // The printed key opens one session (the page's cookie), which opens the bridge.
    const exchanged = await fetch(printed.url, { redirect: 'manual' });
    expect(exchanged.status).toBe(303);
    const session = exchanged.headers.get('set-cookie')?.split('; ')[0] ?? '';
    expect((await fetch(printed.url, { redirect: 'manual' })).status).toBe(403);
    const info = await fetch(new URL('/bridge/app.info', printed.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session, origin },
      body: '{}',
    });
    expect(await info.json()).toMatchObject({
      ok: true,
      result: { name: 'mostrador', shell: 'browser', data_dir: dataDir },
    });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toHaveLength(1);
    await access(join(dataDir, 'journal.jsonl'));
    const log = await readFile(join(dataDir, 'mostrador.log'), 'utf8');
    expect(log).toContain('backend closed');
  });
});
