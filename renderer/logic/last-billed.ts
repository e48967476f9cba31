// The green result a reload must show again (issue 18 item 13): this terminal's last sale of
// the generation, from the journal, when it was paid and billed and the cashier has not moved on
// with a deliberate "Nueva venta" (which acknowledges it, a note in the journal). Any later Verify
// or Info is a next sale: the green result stays behind (docs/decisions.md "The green result
// survives a reload").
import type { JournalOperation } from '../../shared/journal-entry';

const OPS = {
  v3: { ask: 'v3.verify', paid: 'v3.paidAndBilled', link: 'verify_op_id' },
  v2: { ask: 'v2.info', paid: 'v2.paidAndBilled', link: 'info_op_id' },
} as const;

/** The key that ties a Verify to the till's sale request (electron/integration/derive-state.ts). */
const TILL_LINK = 'sale_request_op_id';

export function lastBilled(
  operations: readonly JournalOperation[],
  generation: 'v3' | 'v2',
  cashierId: string | null,
): JournalOperation | null {
  const ops = OPS[generation];
  const sales = operations.filter((op) => op.operation === ops.ask || op.operation === ops.paid);
  const last = sales.reduce<JournalOperation | null>(
    (latest, op) => (latest === null || op.intent.seq > latest.intent.seq ? op : latest),
    null,
  );
  if (last === null || last.operation !== ops.paid || last.status !== 'succeeded') return null;
  // A late answer is announced on every screen until acknowledged: that is its way back.
  if (last.acknowledged || last.was_unknown) return null;
  // Another cashier's sale is not this shift's screen.
  if (cashierId !== null && last.intent.cashier_id !== cashierId) return null;
  // A till's sale: the till issues the document and shows its own result.
  const source = sales.find((op) => op.op_id === last.intent.meta?.[ops.link]);
  if (source?.intent.meta?.[TILL_LINK] !== undefined) return null;
  return last;
}
