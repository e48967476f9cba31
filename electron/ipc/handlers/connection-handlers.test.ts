// Settings' "Test connection": each verdict, the token sent only to a usable address, never
// returned, and the PIN required.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import type { TransportResponse } from '../../service/transports';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Backend } from '../compose/open-backend';
import { errorOf, freshMock, makeTempDir, ok, openTestBackend, PIN } from '../compose/test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
const sent: string[] = [];
let answer: () => Promise<{ status: number; body: string }>;

const LIMITS = JSON.stringify({
  landing_version: 'v3',
  min_amount: 100,
  max_amount: 15000,
  min_steps: 2,
  max_steps: 12,
});

async function open(token: string | null) {
  backend = await openTestBackend({
    dataDir: temp.dir,
    mock,
    vault: token === null ? createMemoryVault() : createMemoryVault(token),
    liveTransport: async (url, init): Promise<TransportResponse> => {
      sent.push(`${url} ${init.headers.authorization ?? init.headers.Authorization ?? ''}`);
      const { status, body } = await answer();
      return {
        status,
        headers: { get: (name) => (name === 'content-type' ? 'application/json' : null) },
        text: async () => body,
      };
    },
  });
  if (!(await ok(backend.table, 'settings.get', {})).supervisor_pin_set)
    await ok(backend.table, 'supervisor.setPin', { pin: PIN });
  // The token is for the saved address's origin only (token-origin.ts): the tests' service.
  await ok(backend.table, 'settings.update', {
    pin: PIN,
    change: { base_url: 'https://pagos.example.pe' },
  });
}

const test = (base_url: string) =>
  ok(backend.table, 'settings.testConnection', { pin: PIN, base_url });

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  sent.length = 0;
  answer = async () => ({ status: 200, body: LIMITS });
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

it('ok when the funding limits answer, with the token sent to that address only', async () => {
  await open('live-token-1234');
  expect(await test('https://pagos.example.pe/')).toEqual({ verdict: 'ok' });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^https:\/\/pagos\.example\.pe\/pos\/client\/landing_config /);
  expect(sent[0]).toContain('live-token-1234');
  // Another origin than the saved address's gets nothing: the token was not entered for it.
  expect(await test('https://pagos.example.com')).toEqual({ verdict: 'other-address' });
  expect(sent).toHaveLength(1);
});

it('says the token was refused, the service unreachable, or the answer unexpected', async () => {
  await open('live-token-1234');
  answer = async () => ({ status: 401, body: JSON.stringify({ error: 'Unauthorized' }) });
  expect(await test('https://pagos.example.pe')).toEqual({
    verdict: 'refused-token',
    http_status: 401,
  });
  answer = async () => {
    throw new TypeError('fetch failed');
  };
  expect((await test('https://pagos.example.pe')).verdict).toBe('unreachable');
  answer = async () => ({ status: 200, body: '{"hello":"world"}' });
  expect((await test('https://pagos.example.pe')).verdict).toBe('unexpected');
});

it('sends nothing to a plain-http address, a non-address or without a token', async () => {
  await open('live-token-1234');
  expect(await test('http://pagos.example.pe')).toEqual({ verdict: 'not-https' });
  expect(await test('pagos')).toEqual({ verdict: 'not-a-url' });
  await backend.close();
  await open(null);
  expect(await test('https://pagos.example.pe')).toEqual({ verdict: 'no-token' });
  expect(sent).toEqual([]);
});

it('needs the supervisor PIN', async () => {
  await open('live-token-1234');
  const error = await errorOf(backend.table, 'settings.testConnection', {
    pin: '9999',
    base_url: 'https://pagos.example.pe',
  });
  expect(error.code).toBe('wrong-pin');
  expect(sent).toEqual([]);
});
