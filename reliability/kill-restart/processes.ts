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
  /** The page's session cookie (`name=value`), which the launch URL's one-time key opened. */
  session: string;
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
      session: await sessionOf(url),
      kill,
      stop,
    };
  } catch (error) {
    await kill();
    throw error;
  }
}

/**
 * The page's session as the browser gets it: the printed launch URL's one-time key exchanged
 * for the session cookie (docs/decisions.md "The launch key works once").
 */
async function sessionOf(url: string): Promise<string> {
  const answer = await fetch(url, { redirect: 'manual' });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (answer.status !== 303 || !cookie)
    throw new Error(`the launch URL opened no session: ${answer.status}`);
  return cookie;
}

export type BridgeAnswer = { ok: boolean; result?: unknown; error?: { code: string } };

/** A bridge call over loopback HTTP, or null when the host died before answering. */
export async function callBridge(
  host: Pick<Host, 'url' | 'session'>,
  method: string,
  args: unknown,
) {
  try {
    const response = await fetch(new URL(`/bridge/${method}`, host.url), {
      method: 'POST',
      // As the page calls: the session cookie, with the page's Origin (a browser's POST has one).
      headers: {
        'content-type': 'application/json',
        cookie: host.session,
        origin: new URL(host.url).origin,
      },
      body: JSON.stringify(args),
    });
    return (await response.json()) as BridgeAnswer;
  } catch {
    return null;
  }
}
