// The cashier's flow over the HTTP bridge, written to be picked up again after the app died: each
// step is skipped once it has its answer, and a paid-and-billed is pressed again with the same
// Verify (or Info) — which must join the operation begun before the kill, never start a second.
import { type BridgeAnswer, callBridge, type Host } from './processes';

export const STEPS = ['shift', 'verify', 'bill-v3', 'info', 'bill-v2'] as const;
export type Step = (typeof STEPS)[number];

type Op = { op_id: string; status: string; data?: Record<string, unknown> };

export type Sale = {
  cashierId: string;
  v3: { dni: string; code: string; billedCents: number };
  v2: { dni: string; code: string };
};

export type ScriptState = {
  shift: boolean;
  verify: Op | null;
  billV3: Op[];
  info: Op | null;
  billV2: Op[];
  /** op_id → status of every answer received, across restarts. */
  answered: Map<string, string>;
};

export const newScriptState = (): ScriptState => ({
  shift: false,
  verify: null,
  billV3: [],
  info: null,
  billV2: [],
  answered: new Map(),
});

/** Called as a step's request is about to be sent (a kill is scheduled there), and when answered. */
export type StepWatch = {
  started(step: Step): void;
  answered(step: Step): void;
};

/** Runs the steps not yet answered, in order. Returns false when the host died during the flow. */
export async function runScript(
  host: Pick<Host, 'url' | 'session'>,
  sale: Sale,
  state: ScriptState,
  watch?: StepWatch,
): Promise<boolean> {
  const send = async (step: Step, method: string, args: unknown): Promise<Op | null | 'dead'> => {
    watch?.started(step);
    const answer: BridgeAnswer | null = await callBridge(host, method, args);
    if (answer === null) return 'dead';
    watch?.answered(step);
    if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    const result = answer.result as Op;
    if (result && typeof result === 'object' && 'op_id' in result) {
      state.answered.set(result.op_id, result.status);
      return result;
    }
    return null;
  };
  const dni = (value: string) => ({ kind: 'dni', value });

  if (!state.shift) {
    if ((await send('shift', 'shift.start', { cashier_id: sale.cashierId })) === 'dead')
      return false;
    state.shift = true;
  }
  if (state.verify?.status !== 'succeeded') {
    const verify = await send('verify', 'v3.verify', {
      identity: dni(sale.v3.dni),
      funding_code: sale.v3.code,
      billed_cents: sale.v3.billedCents,
    });
    if (verify === 'dead') return false;
    state.verify = verify;
  }
  const v3Done = state.billV3.some((op) => op.status === 'succeeded' || op.status === 'refused');
  if (state.verify?.status === 'succeeded' && !v3Done) {
    const billed = await send('bill-v3', 'v3.paidAndBilled', { verify_op_id: state.verify.op_id });
    if (billed === 'dead') return false;
    if (billed) state.billV3.push(billed);
  }
  if (state.info?.status !== 'succeeded') {
    const info = await send('info', 'v2.info', {
      identity: dni(sale.v2.dni),
      funding_code: sale.v2.code,
    });
    if (info === 'dead') return false;
    state.info = info;
  }
  const v2Done = state.billV2.some((op) => op.status === 'succeeded' || op.status === 'refused');
  if (state.info?.status === 'succeeded' && !v2Done) {
    const billed = await send('bill-v2', 'v2.paidAndBilled', { info_op_id: state.info.op_id });
    if (billed === 'dead') return false;
    if (billed) state.billV2.push(billed);
  }
  return true;
}
