// What the other counters' rows say about one funding code (docs/decisions.md "Across counters, no
// second collection"): a paid-and-billed of another counter without a definite answer means "do
// not collect" (it may be billed any moment); else a billing another counter got accepted, not
// undone since at any counter, means "already billed there". This counter's own rows are left to
// its own journal, which is always ahead of the database.
import type { StoreCheck } from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { StoreOperationRow } from '../../shared/store/store-operation';

const BILLINGS: readonly string[] = ['v3.paidAndBilled', 'v2.paidAndBilled'];
const UNDOS: readonly string[] = ['v3.undoBilling', 'v2.undoBilling'];

export function foldCodeAcrossCounters(
  rows: readonly StoreOperationRow[],
  me: { terminalId: string; mode: OperationMode; fundingCode: string },
): StoreCheck {
  const ofCode = rows.filter((row) => row.mode === me.mode && row.funding_code === me.fundingCode);
  const others = ofCode.filter((row) => row.terminal_id !== me.terminalId);
  const counter = (row: StoreOperationRow, at: string) => ({
    terminal_id: row.terminal_id,
    terminal_name: row.terminal_name,
    at,
  });

  const inDoubt = others
    .filter((row) => BILLINGS.includes(row.operation))
    .filter((row) => row.status === 'pending' || row.status === 'unknown')
    .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at))[0];
  if (inDoubt)
    return { state: 'in-doubt-elsewhere', counter: counter(inDoubt, inDoubt.started_at) };

  const whenDone = (row: StoreOperationRow) => Date.parse(row.resolved_at ?? row.started_at);
  const billed = others
    .filter((row) => BILLINGS.includes(row.operation) && row.status === 'succeeded')
    .sort((a, b) => whenDone(b) - whenDone(a))[0];
  if (!billed) return { state: 'clear' };
  // An undo at any counter, this one included, after that billing: the code is free again.
  const undone = ofCode.some(
    (row) =>
      UNDOS.includes(row.operation) &&
      row.status === 'succeeded' &&
      whenDone(row) > whenDone(billed),
  );
  if (undone) return { state: 'clear' };
  return {
    state: 'billed-elsewhere',
    counter: counter(billed, billed.resolved_at ?? billed.started_at),
  };
}
