// The till's API against floods on loopback (docs/decisions.md, "Loopback servers: who is
// trusted"): a local process without the key must not deny an authenticated till, and a till's
// own long waits must not starve its other calls.
import { type ClientRequest, request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LONG_WAITS } from '../../shared/integration/sale-request';
import { freshMock, makeTempDir } from '../ipc/compose/test-support';
import { type Flood, flood } from '../loopback/test-support';
import type { MockApp } from '../mock/app';
import { BASE, KEY, openTill, type Till } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let opened: Awaited<ReturnType<typeof openTill>>;
let till: Till;
const floods: Flood[] = [];
const held: ClientRequest[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  opened = await openTill({ dataDir: temp.dir, mock });
  till = opened.till;
});

afterEach(async () => {
  for (const f of floods.splice(0)) f.stop();
  for (const r of held.splice(0)) r.destroy();
  await opened.backend.close();
  await mock.close();
  await temp.remove();
});

const sale = (n: number) => ({ request_id: `F001-${n}`, billed_amount: 1200 });

describe('a flood without the key', () => {
  it('of 40 half-sent bodies that reconnect leaves the till creating and reading', async () => {
    const text =
      `POST ${BASE} HTTP/1.1\r\nHost: 127.0.0.1:${till.port}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"request_id":';
    floods.push(await flood(till.port, 40, text, { reconnectDelayMs: 20 }));
    for (let n = 1; n <= 4; n++) {
      const created = await till.create(sale(n));
      expect(created.status).toBe(201);
      expect((await till.read(`F001-${n}`)).state).toBe('waiting');
    }
  });

  it('of 40 half-sent headers that reconnect leaves the till answered', async () => {
    const text = `GET ${BASE}/F001-1 HTTP/1.1\r\nHost: 127.0.0.1:${till.port}\r\n`;
    floods.push(await flood(till.port, 40, text));
    for (let n = 1; n <= 4; n++) {
      expect((await till.create(sale(n))).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe("a till's long waits", () => {
  it('are capped apart: 32 waits of 55 s leave the till creating, reading and canceling', async () => {
    expect((await till.create(sale(1))).status).toBe(201);
    const answered: number[] = [];
    for (let i = 0; i < 32; i++) {
      const req = request({
        host: '127.0.0.1',
        port: till.port,
        path: `${BASE}/F001-1?wait=55`,
        agent: false,
        headers: { host: `127.0.0.1:${till.port}`, authorization: `Bearer ${KEY}` },
      });
      req.on('response', (res) => {
        answered.push(res.statusCode ?? 0);
        res.resume();
      });
      req.on('error', () => {});
      req.end();
      held.push(req);
    }
    // The waits past the cap are answered at once, with a status that says to come back.
    await expect.poll(() => answered.length, { timeout: 5_000 }).toBe(32 - MAX_LONG_WAITS);
    expect(new Set(answered)).toEqual(new Set([429]));
    expect((await till.create(sale(2))).status).toBe(201);
    expect((await till.read('F001-2')).state).toBe('waiting');
    const tooMany = await till.send('GET', `${BASE}/F001-2?wait=30`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.json.error).toMatch(/long waits/);
    expect(tooMany.headers['retry-after']).toBe('1');
    // A cancel wakes the held waits of that request: they answer, and the slots are free again.
    expect((await till.send('POST', `${BASE}/F001-1/cancel`)).status).toBe(200);
    await expect.poll(() => answered.filter((s) => s === 200).length).toBe(MAX_LONG_WAITS);
    expect((await till.send('GET', `${BASE}/F001-2?wait=0`)).status).toBe(200);
  });
});
