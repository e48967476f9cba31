// A till and a cashier over HTTP, written to be picked up again after the host died: the till
// POSTs its sale request (and POSTs it again when the answer was lost), the cashier Verifies it
// and confirms paid-and-billed with the same Verify, and in some runs the till cancels before,
// after or at the same moment as the confirm. Each step is skipped once it has its answer.
import { callBridge, type Host } from './processes';

export const TILL_STEPS = ['post', 'verify', 'bill'] as const;
export type TillStep = (typeof TILL_STEPS)[number];
export type CancelPlan = 'none' | 'before-verify' | 'after-verify' | 'with-bill';

export type TillSale = {
  requestId: string;
  cashierId: string;
  dni: string;
  code: string;
  billedCents: number;
  cancel: CancelPlan;
};

export type TillState = {
  /** Every status the till got to its POST: 201 once, then 200 to each retry. */
  posts: number[];
  shift: boolean;
  verifyOpId: string | null;
  /** The cashier learnt the sale is closed (canceled by the till). */
  closed: boolean;
  billAnswered: boolean;
  cancels: number[];
};

export const newTillState = (): TillState => ({
  posts: [],
  shift: false,
  verifyOpId: null,
  closed: false,
  billAnswered: false,
  cancels: [],
});

export const TILL_KEY = 'reliability-till-key-0123456789abcdefghijklmnop';

/** The till's own HTTP call, or null when the host died before answering. */
export async function tillCall(
  host: Pick<Host, 'integrationUrl'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> } | null> {
  if (!host.integrationUrl) throw new Error('the host has no integration API');
  try {
    const response = await fetch(new URL(path, host.integrationUrl), {
      method,
      headers: {
        authorization: `Bearer ${TILL_KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  } catch {
    return null;
  }
}

export const saleBody = (sale: TillSale) => ({
  request_id: sale.requestId,
  billed_amount: sale.billedCents / 100,
});

/** Runs what is not answered yet; false when the host died during it. */
export async function runTill(
  host: Pick<Host, 'url' | 'session' | 'integrationUrl'>,
  sale: TillSale,
  state: TillState,
  watch?: { started(step: TillStep): void; answered(step: TillStep): void },
): Promise<boolean> {
  const base = `/integration/v1/sale-requests`;
  const cancel = async () => {
    const answer = await tillCall(host, 'POST', `${base}/${sale.requestId}/cancel`);
    if (answer) state.cancels.push(answer.status);
    return answer !== null;
  };
  if (state.posts.length === 0 || state.posts.at(-1) === -1) {
    watch?.started('post');
    const answer = await tillCall(host, 'POST', base, saleBody(sale));
    state.posts.push(answer?.status ?? -1);
    if (!answer) return false;
    watch?.answered('post');
  }
  if (!state.shift) {
    const answer = await callBridge(host, 'shift.start', { cashier_id: sale.cashierId });
    if (!answer) return false;
    state.shift = true;
  }
  if (sale.cancel === 'before-verify' && state.cancels.length === 0 && !(await cancel())) {
    return false;
  }
  if (!state.verifyOpId && !state.closed) {
    watch?.started('verify');
    const answer = await callBridge(host, 'v3.verify', {
      identity: { kind: 'dni', value: sale.dni },
      funding_code: sale.code,
      billed_cents: sale.billedCents,
      sale_request_id: sale.requestId,
    });
    if (!answer) return false;
    watch?.answered('verify');
    if (!answer.ok) {
      if (answer.error?.code !== 'till-request-closed') throw new Error(JSON.stringify(answer));
      state.closed = true;
    } else {
      const result = answer.result as { status: string; op_id: string };
      if (result.status === 'succeeded') state.verifyOpId = result.op_id;
    }
  }
  if (sale.cancel === 'after-verify' && state.cancels.length === 0 && !(await cancel())) {
    return false;
  }
  if (state.verifyOpId && !state.closed && !state.billAnswered) {
    watch?.started('bill');
    const bill = callBridge(host, 'v3.paidAndBilled', { verify_op_id: state.verifyOpId });
    const together = sale.cancel === 'with-bill' && state.cancels.length === 0 ? cancel() : true;
    const [answer, canceled] = await Promise.all([bill, together]);
    if (!answer || !canceled) return false;
    watch?.answered('bill');
    if (!answer.ok && answer.error?.code === 'till-request-closed') state.closed = true;
    state.billAnswered = true;
  }
  return true;
}
