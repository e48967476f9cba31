// "Already billed" says when this terminal billed the code, from its journal, and only then.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import type { Backend } from '../compose/open-backend';
import {
  freshMock,
  makeTempDir,
  NOW,
  ok,
  openTestBackend,
  PLAIN_SALE,
} from '../compose/test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: temp.dir, mock });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

it('a code billed here answers billed_at; a code not billed answers none', async () => {
  const first = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  if (first.status !== 'succeeded') throw new Error(first.status);
  expect(first.data.billed_at).toBeUndefined();
  const billed = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: first.op_id });
  expect(billed.status).toBe('succeeded');

  const again = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  if (again.status !== 'succeeded') throw new Error(again.status);
  expect(again.data.conditions.billed_by_ecommerce).toBe(true);
  expect(again.data.billed_at).toBe(NOW);
});

it('a code billed elsewhere answers billed_at null: the terminal has no record', async () => {
  // The mock's own "already billed" case was billed by its set-up, not through this terminal.
  const scenario = await ok(backend.table, 'training.applyScenario', { name: 'already-billed' });
  const identity =
    'dni' in scenario.identity
      ? { kind: 'dni' as const, value: scenario.identity.dni }
      : { kind: 'ruc' as const, value: scenario.identity.ruc };
  const answer = await ok(backend.table, 'v3.verify', {
    identity,
    funding_code: scenario.funding_code,
    billed_cents: Math.round((scenario.billed_amount ?? 0) * 100),
  });
  if (answer.status !== 'succeeded') throw new Error(answer.status);
  expect(answer.data.conditions.billed_by_ecommerce).toBe(true);
  expect(answer.data.billed_at).toBeNull();
});

it('a journal that cannot read its billings leaves billed_at null and the Verify settled', async () => {
  const first = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  if (first.status !== 'succeeded') throw new Error(first.status);
  await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: first.op_id });
  // The look-up reads billings back from the file; here that read fails.
  backend.journal.latestOfOperation = async () => {
    throw new Error('EIO: read failed');
  };
  const again = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  if (again.status !== 'succeeded') throw new Error(again.status);
  expect(again.data.conditions.billed_by_ecommerce).toBe(true);
  expect(again.data.billed_at).toBeNull();
  const settled = await backend.journal.operation(again.op_id);
  expect(settled?.status).toBe('succeeded');
});
