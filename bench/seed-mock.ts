// Bench-only seeding straight into the mock's state: the same createFunding and bill the trainer
// control and paid-and-billed use, without 10,000 HTTP round trips before the measurement.
import { createFunding } from '../electron/mock/in-store/create-funding';
import { bill } from '../electron/mock/in-store/funding';
import type { MockState } from '../electron/mock/state';
import { CASHIER_ID } from './terminal-setup';

/**
 * `count` fundings billed now for S/ 1,200.00 on a S/ 1,500.00 line in 4 parts: each collected a
 * S/ 300.00 down payment in store, so each adds one `external` row to the day summary's detail.
 */
export function seedBilledFundings(state: MockState, count: number, now: Date): void {
  for (let i = 0; i < count; i++) {
    const funding = createFunding(
      state,
      { identity: { kind: 'dni', value: `5${String(i).padStart(7, '0')}` }, creditLine: 150_000 },
      now,
    );
    funding.cashierId = CASHIER_ID;
    funding.lastVerifiedBilled = 120_000;
    bill(funding, 'v3', 120_000, CASHIER_ID, now);
  }
}
