// A customer's look-up or erasure as the supervisor's screen gets it: the store's answer, or why
// there is none (off, an operation still open, refused, unreachable), never a rejection, and
// never waiting past its bound.
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { type CustomerCallContext, customerCall } from './customer-calls';
import type { UsableUrl } from './link-url';
import { checkStoreDbUrl } from './store-db-url';
import type { CustomerQuery, StoreDbSession } from './store-link-types';
import { scriptedDriver } from './test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';
const QUERY: CustomerQuery = { kind: 'dni', value: '12345678', supervisor: 'Ana' };

function usable(): UsableUrl {
  const checked = checkStoreDbUrl(URL_A);
  if (!checked.ok) throw new Error('the test URL must be usable');
  return checked;
}

function context(session: StoreDbSession | null, extra: Partial<CustomerCallContext> = {}) {
  const logger = createMemoryLogger();
  return {
    logger,
    context: { session: () => session, inUse: usable, logger, slowMs: 200, ...extra },
  };
}

function sessionFailing(failure: unknown) {
  const driver = scriptedDriver();
  driver.customer.failure = failure;
  const session = driver.open(URL_A, {
    terminalId: 'CAJA02',
    terminalName: null,
    appVersion: '1.0.0',
    stores: { live: 'tienda-centro', training: 'training:tienda-centro' },
    timeZone: 'America/Lima',
    signingKey: Buffer.alloc(32, 7),
  });
  return { driver, session };
}

describe('a customer call to the store database', () => {
  it('is off with no URL in use, unreachable with one but no replication', async () => {
    const none = context(null, { inUse: () => null }).context;
    expect(await customerCall(none, 'look', async () => 1)).toEqual({ state: 'off' });
    const notStarted = context(null).context;
    expect(await customerCall(notStarted, 'forget', async () => 1)).toEqual({
      state: 'not-answered',
      reason: 'unreachable',
    });
  });

  it('gives the store’s answer as it came', async () => {
    const { driver, session } = sessionFailing(null);
    const { context: ctx } = context(session);
    expect(await customerCall(ctx, 'look', (s) => s.lookCustomer(QUERY))).toEqual({
      state: 'answered',
      value: driver.customer.look,
    });
    expect(driver.customerCalls).toEqual([{ action: 'look', query: QUERY }]);
  });

  it('says why there is no answer by the SQLSTATE, a connection’s error as unreachable', async () => {
    const cases: [unknown, string][] = [
      [Object.assign(new Error('open'), { code: 'MS015' }), 'open-operations'],
      [Object.assign(new Error('other store'), { code: 'MS011' }), 'refused'],
      [Object.assign(new Error('denied'), { code: '42501' }), 'refused'],
      [Object.assign(new Error('gone'), { code: '08006' }), 'unreachable'],
      [Object.assign(new Error('reset'), { code: 'ECONNRESET' }), 'unreachable'],
      [new Error('no code'), 'unreachable'],
      [null, 'unreachable'],
    ];
    for (const [failure, reason] of cases) {
      const session = sessionFailing(null).session;
      const { context: ctx } = context(session);
      const answer = await customerCall(ctx, 'forget', async () => {
        throw failure;
      });
      expect(answer, String((failure as { code?: string } | null)?.code)).toEqual({
        state: 'not-answered',
        reason,
      });
    }
  });

  it('gives up at its bound on a store that never answers, and logs only the code', async () => {
    const { session } = sessionFailing(null);
    const { context: ctx, logger } = context(session, { slowMs: 30 });
    const answer = await customerCall(ctx, 'look', () => new Promise<never>(() => {}));
    expect(answer).toEqual({ state: 'not-answered', reason: 'unreachable' });
    const line = JSON.parse(logger.lines.at(-1) ?? '{}');
    expect(line).toMatchObject({ level: 'warn', timed_out: true, code: null });
    expect(logger.lines.join('\n')).not.toContain(QUERY.value);
  });
});
