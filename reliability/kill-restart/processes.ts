// Child processes of the kill-and-restart runs: the mock server (started once, survives every
// kill: it stands for the service) and the browser-mode host (started, SIGKILLed, started again).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../support/bundle-entry';

export type Started = { child: ChildProcess; line: string; exited: Promise<number | null> };

/** Spawns and waits for the first stdout line (the JSON line both CLIs print when listening). */
export function startPrinting(
  command: string,
  args: string[],
  env?: Record<string, string>,
): Promise<Started> {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve({ child, line, exited }));
    void exited.then((code) =>
      reject(new Error(`${command} exited ${code} before listening: ${stderr}`)),
    );
  });
}

export type MockServer = { baseUrl: string; token: string; stop(): Promise<void> };

/** `now` freezes the mock's clock, so every billing falls on one store day. */
export async function startMockServer(now: string): Promise<MockServer> {
  const tsx = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const started = await startPrinting(tsx, ['electron/mock/cli.ts', '--port', '0', '--now', now]);
  const printed = JSON.parse(started.line) as { base_url: string; token: string };
  return {
    baseUrl: printed.base_url,
    token: printed.token,
    stop: async () => {
      started.child.kill('SIGTERM');
      await started.exited;
    },
  };
}

export type Host = {
  url: string;
  /** The till's integration API, when the host was started with a key. */
  integrationUrl: string | null;
  secret: string;
  /** SIGKILL: no handler runs, no file is closed, nothing is flushed. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

export async function startHost(
  entry: string,
  dataDir: string,
  rendererDir: string,
  env?: Record<string, string>,
): Promise<Host> {
  const started = await startPrinting(
    process.execPath,
    [entry, '--data-dir', dataDir, '--renderer-dir', rendererDir],
    env,
  );
  const { url, integration_url } = JSON.parse(started.line) as {
    url: string;
    integration_url?: string;
  };
  let dead = false;
  const kill = async () => {
    if (!dead) started.child.kill('SIGKILL');
    dead = true;
    await started.exited;
  };
  // A clean stop (retry loops cancelled, journal closed), SIGKILL if it hangs.
  const stop = async () => {
    if (dead) return;
    started.child.kill('SIGTERM');
    const timer = setTimeout(() => started.child.kill('SIGKILL'), 5_000);
    await started.exited;
    clearTimeout(timer);
    dead = true;
  };
  try {
    return {
      url,
      integrationUrl: integration_url ?? null,
      secret: await secretOf(url),
      kill,
      stop,
    };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** The bridge secret as the renderer gets it: from the printed launch URL. */
async function secretOf(url: string): Promise<string> {
  const secret = new URL(url).searchParams.get('key');
  if (!secret) throw new Error('no bridge key in the launch URL');
  return secret;
}

export type BridgeAnswer = { ok: boolean; result?: unknown; error?: { code: string } };

/** A bridge call over loopback HTTP, or null when the host died before answering. */
export async function callBridge(
  host: Pick<Host, 'url' | 'secret'>,
  method: string,
  args: unknown,
) {
  try {
    const response = await fetch(new URL(`/bridge/${method}`, host.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': host.secret },
      body: JSON.stringify(args),
    });
    return (await response.json()) as BridgeAnswer;
  } catch {
    return null;
  }
}
