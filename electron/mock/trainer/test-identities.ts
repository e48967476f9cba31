// The documented test identities behind the `/mock/` test endpoints (docs/decisions.md "v2":
// success for documented test inputs). They live in their own records, apart from the
// scenarios, so an integrator's test run never disturbs a training class and vice versa.

import { createFunding } from '../in-store/create-funding';
import { bill } from '../in-store/funding';
import type { MockState } from '../state';

export const TEST_IDENTITIES = [
  {
    dni: '00000001',
    funding_code: 'TEST01',
    state: 'PENDING, channel Tienda, purchase S/ 1,000.00',
  },
  {
    dni: '00000002',
    funding_code: 'TEST02',
    state: 'FULFILLED, paid to the service, channel Service',
  },
  { dni: '00000003', funding_code: 'TEST03', state: 'already billed today (undo allowed)' },
  { ruc: '10054148289', funding_code: 'TEST04', state: 'PENDING, personal RUC' },
] as const;

export function seedTestIdentities(state: MockState, now: Date): void {
  createFunding(
    state,
    { code: 'TEST01', identity: { kind: 'dni', value: '00000001' }, creditLine: 100000 },
    now,
  );
  createFunding(
    state,
    {
      code: 'TEST02',
      identity: { kind: 'dni', value: '00000002' },
      creditLine: 100000,
      paidToService: 25000,
      channel: 'Service',
    },
    now,
  );
  const billed = createFunding(
    state,
    { code: 'TEST03', identity: { kind: 'dni', value: '00000003' }, creditLine: 60000 },
    now,
  );
  bill(billed, 'v2', 60000, null, now);
  createFunding(
    state,
    { code: 'TEST04', identity: { kind: 'ruc', value: '10054148289' }, creditLine: 150000 },
    now,
  );
}
