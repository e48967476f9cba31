// The standalone sandbox end to end: the JSON line it prints, and a voucher callback received
// by a real receiver on loopback and verified with the printed webhook_secret.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from './webhooks/test-receiver';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let child: ChildProcess | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  child?.kill('SIGTERM');
  await receiver?.close();
});

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
