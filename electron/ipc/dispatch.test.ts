// dispatch: the one entry to the handlers answers typed errors for anything wrong and never
// throws, and a handler bug can never send the renderer something outside the contract.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../mock/app';
import type { HandlerTable } from './compose/create-handlers';
import type { Backend } from './compose/open-backend';
import { freshMock, makeTempDir, openTestBackend } from './compose/test-support';
import { dispatch } from './dispatch';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
const app = { channel: 'direct', verified: true } as const;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: temp.dir, mock });
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

function withHandler(method: 'app.info', handler: () => Promise<unknown>): HandlerTable {
  return {
    ...backend.table,
    methods: { ...backend.table.methods, [method]: handler } as HandlerTable['methods'],
  };
}

describe('dispatch', () => {
  it('answers unknown-method for names outside the contract', async () => {
    for (const method of ['nope', '', 42, null, '__proto__', 'constructor', 'toString']) {
      expect(await dispatch(backend.table, method, {}, app)).toEqual({
        ok: false,
        error: { code: 'unknown-method', message: expect.any(String) },
      });
    }
  });

  it('answers bad-arguments with the failing paths', async () => {
    const answer = await dispatch(
      backend.table,
      'v3.verify',
      {
        identity: { kind: 'passport', value: 'X' },
        funding_code: 'abc',
        billed_cents: -5,
        extra: 1,
      },
      app,
    );
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('bad-arguments');
    expect(Object.keys(answer.error.issues ?? {})).toEqual(
      expect.arrayContaining(['identity.kind', 'funding_code', 'billed_cents']),
    );
    for (const args of ['text', 7, [], { pin: 12 }]) {
      const bad = await dispatch(backend.table, 'supervisor.checkPin', args, app);
      expect(bad).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
    }
  });

  it('treats missing arguments as an empty object', async () => {
    expect(await dispatch(backend.table, 'token.status', undefined, app)).toMatchObject({
      ok: true,
    });
  });

  it('refuses an unverified caller', async () => {
    const answer = await dispatch(
      backend.table,
      'app.info',
      {},
      { channel: 'http', verified: false },
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('turns an exception into a generic internal error, logged without the PIN', async () => {
    const table = withHandler('app.info', async () => {
      throw new Error('failed while checking 98765432');
    });
    const answer = await dispatch(table, 'app.info', { pin: '98765432' }, app);
    // (app.info takes no pin: this is a bad-arguments answer, the handler is not reached)
    expect(answer).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
    const crashed = await dispatch(table, 'app.info', {}, app);
    expect(crashed).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in the app.' },
    });
    const log = await readFile(backend.appInfo.log_file, 'utf8');
    expect(log).toContain('bridge handler failed');
  });

  it('redacts the arguments’ secrets from a logged exception', async () => {
    const table: HandlerTable = {
      ...backend.table,
      methods: {
        ...backend.table.methods,
        'supervisor.checkPin': async ({ pin }) => {
          throw new Error(`cannot check ${pin}`);
        },
      },
    };
    const answer = await dispatch(table, 'supervisor.checkPin', { pin: '97531' }, app);
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    const log = await readFile(backend.appInfo.log_file, 'utf8');
    expect(log).toContain('cannot check [redacted]');
    expect(log).not.toContain('97531');
  });

  it('never sends a result outside the contract', async () => {
    const table = withHandler('app.info', async () => ({ name: 'mostrador', token: 'x' }));
    expect(await dispatch(table, 'app.info', {}, app)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in the app.' },
    });
    const log = await readFile(backend.appInfo.log_file, 'utf8');
    expect(log).toContain('answered outside the contract');
  });

  it('never throws, even when the caller object itself is broken', async () => {
    const hostile = {
      get verified(): boolean {
        throw new Error('boom');
      },
    };
    await expect(dispatch(backend.table, 'app.info', {}, hostile as never)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
