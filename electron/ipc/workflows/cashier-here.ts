// "Another till started this sale" is the service's word for a code verified under another
// cashier code. When that cashier was this terminal's own previous shift (its journal says so),
// the screen names them instead of sending the customer to a till that does not exist
// (docs/decisions.md "Cashier codes and the end-shift warning (issue 18, items 5 and 11)").
import { IN_STORE } from '../../../shared/api/messages';
import type { OperationMode } from '../../../shared/journal-entry';
import type { ServiceError } from '../../../shared/service-error';
import type { Journal } from '../../journal/journal';

/** How far back the journal is read: the latest Verify/Info operations of each kind. */
const LOOK_BACK = 200;

/** The cashier of this terminal who last verified `fundingCode` under another code, or null. */
export async function startedHereBy(
  journal: Pick<Journal, 'latestOfOperation'>,
  mode: OperationMode,
  fundingCode: string,
  cashierId: string,
): Promise<string | null> {
  const recent = [
    ...(await journal.latestOfOperation('v3.verify', LOOK_BACK)),
    ...(await journal.latestOfOperation('v2.info', LOOK_BACK)),
  ].filter(
    (op) =>
      op.mode === mode &&
      op.status === 'succeeded' &&
      op.intent.funding_code === fundingCode &&
      op.intent.cashier_id.toUpperCase() !== cashierId.toUpperCase(),
  );
  const latest = recent.sort((a, b) => a.started_at.localeCompare(b.started_at)).at(-1);
  return latest ? latest.intent.cashier_id.toUpperCase() : null;
}

/** A refused outcome, with the cashier of this terminal who started the sale when that is why. */
export async function nameCashierHere<T extends { status: string; error?: ServiceError }>(
  journal: Pick<Journal, 'latestOfOperation'>,
  shift: { mode: OperationMode; cashierId: string },
  fundingCode: string,
  outcome: T,
): Promise<T & { started_here_by?: string }> {
  if (outcome.status !== 'refused' || outcome.error?.message !== IN_STORE.cashierChanged)
    return outcome;
  const cashier = await startedHereBy(journal, shift.mode, fundingCode, shift.cashierId);
  return cashier ? { ...outcome, started_here_by: cashier } : outcome;
}
