// Starts a server process that announces itself with one JSON line on stdout (browser mode's
// `{"url":…}`, the mock's `{"base_url":…}`) and stops it again by its own pid.
import { type ChildProcess, spawn } from 'node:child_process';
import { now } from './stats';

export type JsonLineProcess<T> = {
  child: ChildProcess;
  pid: number;
  /** The announced line. */
  info: T;
  /** performance.now() just before spawn, and when the line was read. */
  spawnedAt: number;
  readyAt: number;
  stop(): Promise<void>;
};

export async function startJsonLineProcess<T>(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    accept: (line: unknown) => line is T;
    timeoutMs?: number;
    env?: Record<string, string>;
  },
): Promise<JsonLineProcess<T>> {
  const spawnedAt = now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const info = await new Promise<T>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(
        () => reject(new Error(`${args.join(' ')} did not announce itself:\n${stderr}`)),
        options.timeoutMs ?? 30_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          let parsed: unknown;
          try {
            parsed = JSON.parse(line);
          } catch {
            continue;
          }
          if (options.accept(parsed)) {
            clearTimeout(timer);
            resolve(parsed);
            return;
          }
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${args.join(' ')} exited (${code}):\n${stderr}`));
      });
    });
    const readyAt = now();
    if (child.pid === undefined) throw new Error('no pid');
    return { child, pid: child.pid, info, spawnedAt, readyAt, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const hasUrl = (line: unknown): line is { url: string } =>
  typeof (line as { url?: unknown } | null)?.url === 'string';

export const hasBaseUrl = (line: unknown): line is { base_url: string } =>
  typeof (line as { base_url?: unknown } | null)?.base_url === 'string';
