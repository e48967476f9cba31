// A code with a paid-and-billed still waiting for the service's answer must not be offered for
// collection again: the first collection may already be billed, or be billed when the retry gets
// through. Verify (v3) and Info (v2) refuse such a code with `billing-in-doubt` until the answer
// is in, whatever the service says about the code meanwhile (docs/decisions.md "Counter safety in
// the cashier's flows (issue 10)").
import type { OperationMode } from '../../../shared/journal-entry';
import type { Journal } from '../../journal/journal';
import { BridgeFailure } from '../bridge-failure';

const BILLINGS: readonly string[] = ['v3.paidAndBilled', 'v2.paidAndBilled'];

export async function refuseWhileBillingInDoubt(
  journal: Journal,
  mode: OperationMode,
  fundingCode: string,
): Promise<void> {
  const open = await journal.unresolved();
  const pending = open.find(
    (op) =>
      BILLINGS.includes(op.operation) && op.mode === mode && op.intent.funding_code === fundingCode,
  );
  if (pending) {
    throw new BridgeFailure(
      'billing-in-doubt',
      `a paid-and-billed of ${fundingCode} has no answer yet (operation ${pending.op_id})`,
    );
  }
}
