// A supervisor closes an operation left without an answer (`journal.close`): only one that moves
// no money by itself, as its traits in shared/journal-entry.ts `OPERATIONS` say (the tray reads
// the same traits: renderer/logic/open-operation.ts).
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../shared/journal-entry';
import { paidAndBilledIntent } from '../../journal/test-support';
import { errorOf, ok, PIN, testBed } from '../compose/test-support';

const bed = testBed('on-shift');

describe('closing an unanswered operation', () => {
  it('closes a Verify, an undo or a day summary, never a billing, a refund or an order', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    const { journal } = bed.backend;
    const cases = [
      ['v3.verify', true],
      ['v2.daySummary', true],
      ['v3.undoBilling', true],
      ['v3.paidAndBilled', false],
      ['v2.paidAndBilled', false],
      ['orders.refundTotal', false],
      ['orders.create', false],
    ] as const;
    for (const [operation, closable] of cases) {
      expect(OPERATIONS[operation].closable).toBe(closable);
      const opId = await journal.recordIntent(paidAndBilledIntent({ operation }));
      const args = { op_id: opId, pin: PIN, note: 'revisado con el cliente' };
      if (closable) {
        expect(await ok(bed.backend.table, 'journal.close', args)).toEqual({ closed: true });
      } else {
        expect(await errorOf(bed.backend.table, 'journal.close', args)).toMatchObject({
          code: 'not-available',
        });
      }
    }
  });
});
