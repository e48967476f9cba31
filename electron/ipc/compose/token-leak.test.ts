// The token is in no log, journal entry, bridge result or error (docs/decisions.md "Security"). A
// full live flow runs against the mock on a real loopback socket with a distinctive token, and
// every bridge answer, journal line, log line and file in the data dir is searched for it.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeArgs, BridgeMethod } from '../../../shared/bridge';
import type { MockApp } from '../../mock/app';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Backend } from './open-backend';
import {
  call,
  externalRows,
  freshMock,
  makeTempDir,
  openTestBackend,
  PIN,
  PLAIN_SALE,
  TODAY,
} from './test-support';

const TOKEN = 'tk_LEAKCANARY_7f3a9c1e5b2d4f6a8c0e';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let service: MockApp;
let training: MockApp;
let baseUrl: string;
let backend: Backend;
const answers: string[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  service = await freshMock({ token: TOKEN });
  await service.listen({ port: 0, host: '127.0.0.1' });
  const address = service.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  training = await freshMock();
  backend = await openTestBackend({
    dataDir: temp.dir,
    mock: training,
    vault: createMemoryVault(),
    liveTimeoutMs: 5_000,
  });
  answers.length = 0;
});

afterEach(async () => {
  await backend.close();
  await service.close();
  await training.close();
  await temp.remove();
});

/** Every answer is kept, whatever it says, for the final scan. */
async function bridge<M extends BridgeMethod>(method: M, args: BridgeArgs<M>) {
  const answer = await call(backend.table, method, args);
  answers.push(JSON.stringify(answer));
  return answer;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the live token', () => {
  it('appears in no bridge answer, journal line, log line or data file', async () => {
    expect((await bridge('supervisor.setPin', { pin: PIN })).ok).toBe(true);
    expect((await bridge('token.set', { pin: PIN, token: TOKEN })).ok).toBe(true);
    const live = await bridge('settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: baseUrl },
    });
    const fingerprint = createHash('sha256').update(TOKEN).digest('hex').slice(0, 8);
    expect(live).toMatchObject({
      ok: true,
      result: { mode: 'live', token: { configured: true, fingerprint } },
    });
    // Not one run of three characters of the token crosses the bridge in its status.
    const status = JSON.stringify((live as { result: { token: unknown } }).result.token);
    for (let i = 0; i + 3 <= TOKEN.length; i++) expect(status).not.toContain(TOKEN.slice(i, i + 3));
    await bridge('shift.start', { cashier_id: 'caja-01' });

    const verified = await bridge('v3.verify', PLAIN_SALE);
    // It really went over the socket, with the token: the service answered the sale.
    expect(verified).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    if (!verified.ok || verified.result.status !== 'succeeded') return;
    const billed = await bridge('v3.paidAndBilled', { verify_op_id: verified.result.op_id });
    expect(billed).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    expect(await externalRows(service, '41000001', TOKEN)).toHaveLength(1);

    // Orders, a refund and the fragments, live, with the store's own client id and pages.
    await bridge('settings.update', {
      pin: PIN,
      change: { pos_client_id: 'mock-client', store_url: 'https://tienda.example.pe' },
    });
    await bridge('limits.get', {});
    const created = await bridge('orders.create', {
      amount_cents: 150_000,
      customer: { name: 'Ana Quispe' },
      send_sms: false,
    });
    expect(created).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    if (!created.ok || created.result.status !== 'succeeded') return;
    const orderId = created.result.order_id;
    for (const status of ['created', 'approved']) {
      const moved = await service.inject({
        method: 'POST',
        url: `/__mock/orders/${orderId}/status`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ status }),
      });
      expect(moved.statusCode).toBe(200);
    }
    await bridge('orders.confirm', { order_id: orderId });
    const refund = await bridge('orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_000,
      reason: 'descuento',
    });
    expect(refund).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    if (refund.ok) await bridge('orders.refundRetry', { op_id: refund.result.op_id });
    await bridge('orders.get', { order_id: orderId });
    await bridge('html.addOn', { amount_cents: 150_000 });
    await bridge('html.infoSteps', {});

    await bridge('v3.verify', { ...PLAIN_SALE, funding_code: 'ZZZZZZ' });
    await bridge('v2.daySummary', { day: TODAY, detail: true });
    await bridge('v3.undoBilling', {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
      pin: PIN,
      reason: 'cambio de producto',
    });
    await bridge('token.status', {});
    await bridge('settings.get', {});
    await bridge('app.info', {});
    await bridge('journal.operations', {});
    await bridge('journal.unresolved', {});
    // A failing call with the token among its arguments: the error must not quote it.
    await bridge('token.set', { pin: '0000', token: TOKEN });
    await bridge('v3.verify', { ...PLAIN_SALE, token: TOKEN } as never);
    // A handler crash is logged: its message carries the token, the log must not.
    const crashing = {
      ...backend.table,
      methods: {
        ...backend.table.methods,
        'app.info': async () => {
          throw new Error(`boom with Bearer ${TOKEN} inside`);
        },
      },
    };
    const { dispatch } = await import('../dispatch');
    answers.push(
      JSON.stringify(
        await dispatch(crashing, 'app.info', {}, { channel: 'direct', verified: true }),
      ),
    );

    // The service is made to refuse the token, and its 401 is journaled and answered.
    await bridge('token.set', { pin: PIN, token: `${TOKEN}-old` });
    const refused = await bridge('v3.verify', PLAIN_SALE);
    expect(refused).toMatchObject({
      ok: true,
      result: { status: 'refused', error: { category: 'auth' } },
    });

    await backend.close();
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toContain(TOKEN);
    const files = await filesUnder(temp.dir);
    expect(files.map((f) => f.slice(temp.dir.length + 1)).sort()).toEqual(
      expect.arrayContaining(['journal.jsonl', 'mostrador.log', 'settings.json']),
    );
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain(TOKEN);
      expect(text, file).not.toContain('LEAKCANARY');
    }
    const log = await readFile(join(temp.dir, 'mostrador.log'), 'utf8');
    expect(log).toContain('bridge handler failed');
    expect(log).toContain('[redacted]');
  });

  it('is never used in training mode, which never reaches the live service', async () => {
    const sent: string[] = [];
    await backend.close();
    backend = await openTestBackend({
      dataDir: temp.dir,
      mock: training,
      vault: createMemoryVault(TOKEN),
      liveTransport: async (url) => {
        sent.push(url);
        throw new Error('live transport must not be used in training');
      },
    });
    await bridge('shift.start', { cashier_id: 'caja-01' });
    const verified = await bridge('v3.verify', PLAIN_SALE);
    // The training mock only knows its own token: a success proves the live one was not sent.
    expect(verified).toMatchObject({ ok: true, result: { status: 'succeeded' } });
    expect(sent).toEqual([]);
    expect(await externalRows(service, '41000001', TOKEN)).toEqual([]);
  });
});
