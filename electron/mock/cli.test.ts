// The standalone sandbox end to end: the JSON line it prints, and a voucher callback received
// by a real receiver on loopback and verified with the printed webhook_secret.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { orderBody } from './orders/test-support';
import { type Receiver, startReceiver } from './webhooks/test-receiver';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let child: ChildProcess | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  child?.kill('SIGTERM');
  await receiver?.close();
});

/** Stops the running sandbox and waits for it to exit. */
async function stopCli(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

function startCli(extra: string[] = []): Promise<Record<string, string>> {
  const started = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/mock/cli.ts', '--port', '0', ...extra],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', extra.includes('--log') ? 'pipe' : 'inherit'],
    },
  );
  child = started;
  return new Promise((resolve, reject) => {
    started.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
    createInterface({ input: started.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve(JSON.parse(line) as Record<string, string>),
    );
  });
}

describe('npm run mock', () => {
  it('prints the keys in order, the webhook secret last, and signs callbacks with it', async () => {
    const printed = await startCli();
    expect(Object.keys(printed)).toEqual([
      'base_url',
      'token',
      'client_id',
      'secret_token',
      'webhook_secret',
    ]);
    expect(printed.webhook_secret).toMatch(/^whsec_/);

    const target = await startReceiver();
    receiver = target;
    const registered = await fetch(`${printed.base_url}/vouchers/unchecked_payment/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${printed.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 10,
        date: '2026-03-04',
        operation_number: '1',
        bank_account_id: '193-2045678-0-11',
        order_id: 'V-1',
        webhook: target.url(),
        customer_dni: '12345678',
        customer_fullname: 'Ana',
        receipt: 'https://c.pe/receipt.txt',
      }),
    });
    expect(registered.status).toBe(200);
    const { request_id } = (await registered.json()) as { request_id: string };
    await expect.poll(() => target.received.length, { timeout: 5000 }).toBe(1);
    const [got] = target.received;
    const payload = new Webhook(printed.webhook_secret ?? '').verify(
      got?.body ?? '',
      got?.headers as Record<string, string>,
    );
    expect(payload).toEqual({ request_id, order_id: 'V-1', status: 'INVALID' });
  });
});

describe('npm run mock -- --log', () => {
  it('prints one line per request on stderr: time, id, method, path, status, duration, fault', async () => {
    const printed = await startCli(['--log']);
    const lines: string[] = [];
    createInterface({ input: child?.stderr as NodeJS.ReadableStream }).on('line', (line) =>
      lines.push(line),
    );
    const auth = { authorization: `Bearer ${printed.token}`, 'content-type': 'application/json' };
    await fetch(`${printed.base_url}/__mock/faults`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'status', endpoint: '/pos/client/landing_config' }),
    });
    const faulted = await fetch(`${printed.base_url}/pos/client/landing_config?x=1`, {
      headers: auth,
    });
    expect(faulted.status).toBe(503);
    const id = faulted.headers.get('x-request-id');
    await expect.poll(() => lines.length, { timeout: 5000 }).toBe(2);
    expect(lines[0]).toMatch(/^\S+Z req_1 POST \/__mock\/faults 200 \d+ms$/);
    expect(lines[1]).toMatch(
      new RegExp(`^\\S+Z ${id} GET /pos/client/landing_config 503 \\d+ms fault=flt_1$`),
    );
    expect(lines.join('\n')).not.toContain(printed.token);
  });
});

describe('npm run mock -- --port 0 --state-file F', () => {
  it('gives replayed records links on the port it listens on now, not the recorded one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mostrador-cli-'));
    const stateFile = join(dir, 'store.jsonl');
    const headers = (printed: Record<string, string>) => ({
      authorization: `Bearer ${printed.token}`,
      client_id: printed.client_id ?? '',
      secret_token: printed.secret_token ?? '',
      'content-type': 'application/json',
    });
    try {
      const first = await startCli(['--state-file', stateFile]);
      const created = await fetch(`${first.base_url}/pos/order/create`, {
        method: 'POST',
        headers: headers(first),
        body: JSON.stringify(orderBody()),
      });
      expect(created.status).toBe(200);
      const { redirect_to } = (await created.json()) as { redirect_to: string };
      expect(redirect_to.startsWith(`${first.base_url}/pos?`)).toBe(true);
      await stopCli();

      const second = await startCli(['--state-file', stateFile]);
      expect(second.base_url).not.toBe(first.base_url);
      const read = await fetch(`${second.base_url}/pos/order/WEB-1001`, {
        headers: headers(second),
      });
      expect(read.status).toBe(200);
      const { magic_link } = (await read.json()) as { magic_link: string };
      expect(magic_link).toBe(redirect_to.replace(first.base_url ?? '', second.base_url ?? ''));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
