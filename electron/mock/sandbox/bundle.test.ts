// `npm run build:sandbox` as an integrator gets it: one file, copied into an empty folder (no
// node_modules anywhere above it), started with plain `node`; with --state-file its records
// survive a restart; two stores run side by side, each with its own credentials and data.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcess[] = [];
let buildDir: string;
let empty: string;
let script: string;

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), 'sandbox-build-'));
  await promisify(execFile)(
    process.execPath,
    ['scripts/build-sandbox.mjs', join(buildDir, 'mostrador-sandbox.mjs')],
    { cwd: ROOT },
  );
  // The temp folder is outside the repository: nothing there resolves a node_modules.
  empty = await mkdtemp(join(tmpdir(), 'sandbox-run-'));
  script = join(empty, 'mostrador-sandbox.mjs');
  await copyFile(join(buildDir, 'mostrador-sandbox.mjs'), script);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await rm(buildDir, { recursive: true, force: true });
  await rm(empty, { recursive: true, force: true });
});

type Printed = { base_url: string; token: string; client_id: string };

function start(args: string[]): Promise<{ child: ChildProcess; printed: Printed }> {
  const child = spawn(process.execPath, [script, '--port', '0', ...args], {
    cwd: empty,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH ?? '' },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve({ child, printed: JSON.parse(line) as Printed }),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const call = (printed: Printed, method: string, path: string, body?: unknown) =>
  fetch(`${printed.base_url}${path}`, {
    method,
    headers: { authorization: `Bearer ${printed.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const INFO = '/pos/client/inhouse-downpayment/v2/info';

describe('the bundled sandbox', () => {
  it('runs from an empty folder with plain node and keeps its state in --state-file', async () => {
    expect(await readdir(empty)).toEqual(['mostrador-sandbox.mjs']);
    const stateFile = join(empty, 'store-a.jsonl');
    const first = await start(['--state-file', stateFile]);
    const created = await call(first.printed, 'POST', '/__mock/fundings', {
      dni: '45123456',
      credit_line: 1000,
    });
    expect(created.status).toBe(200);
    const { funding_code } = (await created.json()) as { funding_code: string };
    const sale = { dni: '45123456', funding_code, billed_amount: 800, cashier_id: 'c-1' };
    const v3 = '/pos/client/inhouse-downpayment/v3';
    expect(
      (await call(first.printed, 'POST', `${v3}/verify-fundingcode-and-conditions`, sale)).status,
    ).toBe(200);
    expect((await call(first.printed, 'POST', `${v3}/paid-and-billed`, sale)).status).toBe(200);
    await stop(first.child);
    const recorded = await readFile(stateFile, 'utf8');
    expect(recorded.trim().split('\n')).toHaveLength(3);
    expect(recorded).not.toContain(first.printed.token);

    const second = await start(['--state-file', stateFile]);
    const info = await call(
      second.printed,
      'GET',
      `${INFO}?dni=45123456&funding_code=${funding_code}`,
    );
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ funding_code, purchase_total: 800 });
    await stop(second.child);
  }, 60_000);

  it('runs two stores side by side, each with its own credentials and data', async () => {
    const a = await start([
      '--token',
      'token-a',
      '--client-id',
      'store-a',
      '--state-file',
      join(empty, 'a.jsonl'),
    ]);
    const b = await start([
      '--token',
      'token-b',
      '--client-id',
      'store-b',
      '--state-file',
      join(empty, 'b.jsonl'),
    ]);
    const created = await call(a.printed, 'POST', '/__mock/fundings', {
      dni: '45000001',
      credit_line: 500,
    });
    const { funding_code } = (await created.json()) as { funding_code: string };
    // Store B has its own code sequence: the same code there is a different funding, or none.
    const inA = await call(a.printed, 'GET', `${INFO}?dni=45000001&funding_code=${funding_code}`);
    const inB = await call(b.printed, 'GET', `${INFO}?dni=45000001&funding_code=${funding_code}`);
    expect(inA.status).toBe(200);
    expect(inB.status).toBe(404);
    const crossed = await fetch(`${b.printed.base_url}/__mock/scenarios`, {
      headers: { authorization: 'Bearer token-a' },
    });
    expect(crossed.status).toBe(401);
    await Promise.all([stop(a.child), stop(b.child)]);
  }, 60_000);
});
