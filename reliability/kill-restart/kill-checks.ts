// What a kill run checks once the host is back: nothing begun or answered is lost, every
// paid-and-billed is definite (and succeeded only with a 200), a second press joined the first
// operation, and the mock server agrees with the journal.
import type { Sale, ScriptState } from './cashier-script';
import { intentsOf, type JournalSnapshot } from './journal-lines';
import { mockStateOf } from './mock-checks';
import { callBridge, type Host, type MockServer } from './processes';

export type JournalOp = {
  op_id: string;
  operation: string;
  status: string;
  intent: { funding_code?: string; to_collect_cents?: number };
  outcome: { http_status?: number } | null;
};

type Flag = (text: string) => void;
const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function operationOf(host: Host, opId: string): Promise<JournalOp | null> {
  const answer = await callBridge(host, 'journal.operation', { op_id: opId });
  return answer?.ok ? (answer.result as JournalOp) : null;
}

/** Polled like the renderer polls an amber operation; the loops wait 20–200 ms between calls. */
export async function untilBillingsResolved(host: Host, flag: Flag): Promise<void> {
  for (let poll = 0; poll < 400; poll += 1) {
    const answer = await callBridge(host, 'journal.unresolved', {});
    const open = ((answer?.result as { operations?: JournalOp[] })?.operations ?? []).filter((op) =>
      op.operation.endsWith('paidAndBilled'),
    );
    if (open.length === 0) return;
    await sleepMs(50);
  }
  flag('paid-and-billed still unresolved 20 s after the restart');
}

export type Counts = { resumed: number; readsLeftPending: number };

export async function checkOperations(
  host: Host,
  context: {
    /** This run's lines on disk at the (last) kill, and now. */
    atKill: JournalSnapshot;
    now: JournalSnapshot;
    state: ScriptState;
    openAtKill: Set<string>;
    flag: Flag;
  },
): Promise<Counts> {
  const { atKill, now, state, openAtKill, flag } = context;
  const counts: Counts = { resumed: 0, readsLeftPending: 0 };
  // None lost: every intent on disk at the kill, and every operation the bridge answered.
  const before = new Set(intentsOf(atKill).map((line) => line.op_id));
  for (const opId of new Set([...before, ...state.answered.keys()])) {
    const op = await operationOf(host, opId);
    if (!op) {
      flag(`operation ${opId} lost after the restart`);
      continue;
    }
    if (state.answered.get(opId) === 'succeeded' && op.status !== 'succeeded') {
      flag(`operation ${opId} answered succeeded, now ${op.status}`);
    }
  }
  for (const line of intentsOf(now)) {
    const op = await operationOf(host, line.op_id);
    if (!op) continue;
    const billing = op.operation.endsWith('paidAndBilled');
    if (billing && op.status !== 'succeeded' && op.status !== 'refused') {
      flag(`${op.operation} ${op.op_id} ${op.status} after the restart`);
    }
    if (op.status === 'succeeded' && op.outcome?.http_status !== 200) {
      flag(`${op.operation} succeeded without a 200`);
    }
    if (billing && openAtKill.has(op.op_id) && op.status === 'succeeded') counts.resumed += 1;
    if (!billing && op.status === 'pending') counts.readsLeftPending += 1;
  }
  // A paid-and-billed pressed again after the restart joined the first operation.
  for (const ops of [state.billV3, state.billV2]) {
    const ids = new Set(ops.map((op) => op.op_id));
    if (ids.size > 1 && !ops.slice(0, -1).every((op) => op.status === 'refused')) {
      flag(`a paid-and-billed pressed again started another operation (${ids.size})`);
    }
    const last = ops.at(-1);
    if (last && last.status !== 'succeeded' && last.status !== 'refused') {
      flag(`the last paid-and-billed answer is still ${last.status}`);
    }
  }
  return counts;
}

/** The mock billed a funding exactly when the journal holds one succeeded billing of it. */
export async function checkMock(
  host: Host,
  mock: MockServer,
  sale: Sale,
  now: JournalSnapshot,
  flag: Flag,
): Promise<void> {
  const billings: JournalOp[] = [];
  for (const line of intentsOf(now)) {
    if (!line.operation?.endsWith('paidAndBilled')) continue;
    const op = await operationOf(host, line.op_id);
    if (op?.status === 'succeeded') billings.push(op);
  }
  for (const { dni, code } of [sale.v3, sale.v2]) {
    const mine = billings.filter((op) => op.intent.funding_code === code);
    const seen = await mockStateOf(mock, dni, code);
    if (mine.length > 1) flag(`${code}: ${mine.length} succeeded billings in the journal`);
    if (seen.billed !== mine.length > 0) {
      flag(`${code}: mock billed ${seen.billed}, journal has ${mine.length} succeeded billings`);
    }
    const expected = mine.length > 0 ? [(mine[0]?.intent.to_collect_cents ?? 0) / 100] : [];
    if (seen.externalRows.join() !== expected.join()) {
      flag(`${code}: external rows [${seen.externalRows.join()}], expected [${expected.join()}]`);
    }
  }
}
