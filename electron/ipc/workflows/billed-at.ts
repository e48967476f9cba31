// When this terminal billed a funding code, for the "already billed" state: the latest
// paid-and-billed (v3 or v2) the service accepted for the code in this mode, unless an undo the
// service accepted came after it. Null when this terminal has no such record (billed elsewhere,
// or online). Read only for a code the service says is billed, and only among this terminal's
// latest billings and undos, so its cost stays the same after a year of sales; it never fails
// the Verify it decorates (docs/decisions.md "Counter safety in the cashier's flows (issue 10)").
import type { OperationMode } from '../../../shared/journal-entry';
import type { Journal } from '../../journal/journal';

const BILLINGS = ['v3.paidAndBilled', 'v2.paidAndBilled'];
const UNDOS = ['v3.undoBilling', 'v2.undoBilling'];
/** Weeks of one counter's sales; a code billed before them reads as "no record here". */
export const BILLED_AT_LOOKBACK = 2_000;

export async function lastBilledAt(
  journal: Journal,
  mode: OperationMode,
  fundingCode: string,
): Promise<string | null> {
  try {
    return await lookUp(journal, mode, fundingCode);
  } catch {
    // Only a detail of the already-billed state: the Verify's own answer must still be settled.
    return null;
  }
}

async function lookUp(
  journal: Journal,
  mode: OperationMode,
  fundingCode: string,
): Promise<string | null> {
  const latest = async (operations: string[]) => {
    const lists = await Promise.all(
      operations.map((name) => journal.latestOfOperation(name, BILLED_AT_LOOKBACK)),
    );
    let found: string | null = null;
    for (const op of lists.flat()) {
      if (op.mode !== mode || op.status !== 'succeeded') continue;
      if (op.intent.funding_code !== fundingCode) continue;
      const at = op.outcome?.at ?? op.updated_at;
      if (found === null || Date.parse(at) > Date.parse(found)) found = at;
    }
    return found;
  };
  const [billed, undone] = await Promise.all([latest(BILLINGS), latest(UNDOS)]);
  if (billed === null) return null;
  return undone !== null && Date.parse(undone) > Date.parse(billed) ? null : billed;
}
