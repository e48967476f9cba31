// training.applyScenario with a name that cannot be a URL path segment ('..', a lone surrogate)
// answers bad-arguments like any unknown scenario — not `internal` (found by reliability/fuzz).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../mock/app';
import type { Backend } from './open-backend';
import { errorOf, freshMock, makeTempDir, openTestBackend } from './test-support';

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
