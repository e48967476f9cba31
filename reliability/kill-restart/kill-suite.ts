// What every kill-and-restart suite stands on: the bundled browser-mode host, one mock server
// process that lives through every kill, and a data folder configured once the way a supervisor
// does it (PIN, token, live mode through the bridge), which each run copies.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRendererFixture } from '../../electron/web/test-support';
import { type Bundle, bundleEntry } from '../support/bundle-entry';
import { callBridge, type MockServer, startHost, startMockServer } from './processes';

export const KILL_SUITE_PIN = '1357';

export type KillSuite = {
  host: Bundle;
  mock: MockServer;
  /** The renderer fixture the hosts serve. */
  rendererDir: string;
  /** The configured data folder each run starts from. */
  templateDir: string;
  close(): Promise<void>;
};

export async function openKillSuite(name: string): Promise<KillSuite> {
  const dirs = await mkdtemp(join(tmpdir(), `mostrador-${name}-`));
  const [host, mock] = await Promise.all([
    bundleEntry('reliability/kill-restart/host-entry.ts'),
    startMockServer('2026-03-10T15:00:00Z'),
  ]);
  const rendererDir = join(dirs, 'renderer');
  const templateDir = join(dirs, 'template');
  await writeRendererFixture(rendererDir);
  const template = await startHost(host.entry, templateDir, rendererDir);
  try {
    for (const [method, args] of [
      ['supervisor.setPin', { pin: KILL_SUITE_PIN }],
      ['token.set', { pin: KILL_SUITE_PIN, token: mock.token }],
      [
        'settings.update',
        { pin: KILL_SUITE_PIN, change: { mode: 'live', base_url: mock.baseUrl } },
      ],
    ] as const) {
      const answer = await callBridge(template, method, args);
      if (!answer?.ok) throw new Error(`${method}: ${JSON.stringify(answer)}`);
    }
  } finally {
    await template.stop();
  }
  return {
    host,
    mock,
    rendererDir,
    templateDir,
    close: async () => {
      await mock.stop();
      await host.remove();
      await rm(dirs, { recursive: true, force: true });
    },
  };
}
