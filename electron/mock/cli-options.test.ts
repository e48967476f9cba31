// `npm run mock` as an integrator runs it: one JSON line on stdout saying how to reach the mock
// (docs/decisions.md "The mock backend"), then the mock itself on that address until it is stopped;
// its options. (cli.test.ts covers the webhook secret the line also carries.)
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from './mock-test-support';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const started: ChildProcess[] = [];

type Run = { child: ChildProcess; firstLine: Promise<string>; stderr: () => string };

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/mock/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`mock exited (${code}) before printing: ${stderr}`)),
    );
  });
  // Marked handled at once: a run that exits early rejects it before a test awaits it.
  firstLine.catch(() => undefined);
  return { child, firstLine, stderr: () => stderr };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

afterEach(async () => {
  for (const child of started.splice(0)) await stop(child);
});

const verifyBody = JSON.stringify({
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  cashier_id: 'CAJA-01',
});

describe('the mock CLI', () => {
  it('prints the documented JSON line, serves on it, and stops cleanly', async () => {
    const run = runCli(['--port', '0']);
    const line = await run.firstLine;
    const printed = JSON.parse(line) as Record<string, string>;
    expect(printed.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(printed.base_url ?? '').port);
    expect(port).toBeGreaterThan(0);
    // The line docs/decisions.md "The mock backend" describes, keys in that order. The webhooks
    // area appends its `webhook_secret` after them (cli.test.ts), which a JSON reader of these four
    // ignores.
    const documented = `{"base_url":"http://127.0.0.1:${port}","token":"mock-token","client_id":"mock-client","secret_token":"mock-secret"`;
    expect(line.startsWith(documented)).toBe(true);
    expect(line.slice(documented.length)).toMatch(/^(}|,"webhook_secret":"whsec_[^"]+"})$/);
    const response = await fetch(`${printed.base_url}${PATHS.v3Verify}`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: verifyBody,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      funding_code: 'VENTA1',
      downpayment_amount: 300,
    });

    expect(await stop(run.child)).toBe(0);
  });

  it('takes --token, --client-id and --secret-token, and only the given token is accepted', async () => {
    const run = runCli([
      '--port',
      '0',
      '--token',
      'tok-shop-42',
      '--client-id',
      'store-042',
      '--secret-token',
      'sec-042',
    ]);
    const line = await run.firstLine;
    const printed = JSON.parse(line) as Record<string, string>;
    expect(Object.keys(printed).slice(0, 4)).toEqual([
      'base_url',
      'token',
      'client_id',
      'secret_token',
    ]);
    expect(printed).toMatchObject({
      token: 'tok-shop-42',
      client_id: 'store-042',
      secret_token: 'sec-042',
    });
    const url = `${printed.base_url}${PATHS.v2Info}?dni=42000001&funding_code=PEND01`;
    const withToken = await fetch(url, { headers: { authorization: 'Bearer tok-shop-42' } });
    expect(withToken.status).toBe(200);
    const withDefault = await fetch(url, { headers: { authorization: 'Bearer mock-token' } });
    expect(withDefault.status).toBe(401);
    expect(await withDefault.json()).toEqual({ error: 'Wrong or missing client token' });
  });

  it('takes --now to freeze its clock', async () => {
    const run = runCli(['--port', '0', '--now', '2026-03-10T04:30:00Z']);
    const printed = JSON.parse(await run.firstLine) as Record<string, string>;
    const response = await fetch(`${printed.base_url}/__mock/clock`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    expect(await response.json()).toEqual({ now: '2026-03-10T04:30:00.000Z' });
  });

  it('refuses a port that is not a port number, with exit code 2', async () => {
    const run = runCli(['--port', 'http']);
    const [code] = (await once(run.child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(run.stderr()).toContain('--port must be a port number, got http');
    await expect(run.firstLine).rejects.toThrow();
  });

  it('refuses an unknown option without starting', async () => {
    const run = runCli(['--port', '0', '--verbose']);
    const [code] = (await once(run.child, 'exit')) as [number | null];
    expect(code).not.toBe(0);
    expect(run.stderr()).toContain('--verbose');
    await expect(run.firstLine).rejects.toThrow();
  });
});
