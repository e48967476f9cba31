// training.applyScenario with a name that cannot be a URL path segment ('..', a lone surrogate)
// answers bad-arguments like any unknown scenario — not `internal` (found by reliability/fuzz).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import type { Backend } from '../compose/open-backend';
import { errorOf, freshMock, makeTempDir, openTestBackend } from '../compose/test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;

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

describe('training.applyScenario', () => {
  it.each(['..', '.', '\ud800', 'no-such-scenario'])(
    'refuses %j as bad-arguments',
    async (name) => {
      const error = await errorOf(backend.table, 'training.applyScenario', { name });
      expect(error).toMatchObject({ code: 'bad-arguments', issues: { name: expect.any(String) } });
    },
  );
});

describe('a trainer control that does not answer in time', () => {
  it('answers not-available (try again), not internal, on a busy machine', async () => {
    // The in-process mock answers after 200 ms against a 20 ms timeout: what a loaded machine
    // did to the bridge fuzz's 50 ms timeout (reliability/fuzz).
    const slow = new Proxy(mock, {
      get(target, key, receiver) {
        if (key !== 'inject') return Reflect.get(target, key, receiver);
        const inject = target.inject.bind(target) as (request: unknown) => Promise<unknown>;
        return async (request: unknown) => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return inject(request);
        };
      },
    });
    const busy = await openTestBackend({ dataDir: temp.dir, mock: slow, trainingTimeoutMs: 20 });
    try {
      for (const [method, args] of [
        ['training.reset', {}],
        ['training.applyScenario', { name: 'plain-sale' }],
        ['training.acceptSchedule', { funding_code: 'VENTA1' }],
      ] as const) {
        expect(await errorOf(busy.table, method, args)).toMatchObject({ code: 'not-available' });
      }
    } finally {
      await busy.close();
    }
  });
});
