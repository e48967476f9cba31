// What a run's flow and its checks share: the bridge calls (through the product's dispatch, each
// answer checked against the contract), the mock's records, and the report being filled.
import type { z } from 'zod';
import type { Backend } from '../../electron/ipc/compose/open-backend';
import { dispatch } from '../../electron/ipc/dispatch';
import type { MockApp } from '../../electron/mock/app';
import type { Funding } from '../../electron/mock/in-store/funding';
import {
  type BridgeArgs,
  type BridgeMethod,
  type BridgeResult,
  bridgeMethods,
  bridgeResponse,
} from '../../shared/bridge';
import type { EffectTracker } from './effect-tracker';
import type { RunReport, ViolationKind } from './run-report';

export type RunContext = {
  /** Replaced by `restart`. */
  backend: Backend;
  /** Closes the app's backend mid-flow and opens it again on the same data dir. */
  restart(): Promise<void>;
  /** See RunBackend: retry loops wait while held. */
  holdRetries(): void;
  releaseRetries(): void;
  mock: MockApp;
  tracker: EffectTracker;
  report: RunReport;
  cashierId: string;
  /** Every op_id the bridge answered, to find them all in the journal at the end. */
  answered: Set<string>;
  /** The run's disk has filled (a `disk-full` fault): `journal-unavailable` is the right answer. */
  journalMayFail(): boolean;
};

export function flag(context: RunContext, kind: ViolationKind, detail: string): void {
  context.report.violations.push({ kind, detail });
}

/** A bridge call that must answer ok (a cashier flow never sends bad arguments). */
export async function bridge<M extends BridgeMethod>(
  context: RunContext,
  method: M,
  args: BridgeArgs<M>,
): Promise<BridgeResult<M> | null> {
  const answer = await dispatch(context.backend.table, method, args, {
    channel: 'direct',
    verified: true,
  });
  const checked = bridgeResponse(bridgeMethods[method].result as z.ZodType).safeParse(answer);
  if (!checked.success) {
    flag(context, 'contract', `${method} answered outside the contract`);
    return null;
  }
  if (!answer.ok) {
    // A full disk between the intent and the outcome: the bridge says so; the operation is left
    // to settle by itself, which the run's final checks hold it to (nothing pending).
    if (answer.error.code === 'journal-unavailable' && context.journalMayFail()) return null;
    flag(context, 'contract', `${method}: ${answer.error.code} ${answer.error.message}`);
    return null;
  }
  const result = answer.result as BridgeResult<M>;
  if (typeof result === 'object' && result !== null && 'op_id' in result) {
    context.answered.add(String(result.op_id));
  }
  return result;
}

export function fundingOf(context: RunContext, code: string): Funding {
  const funding = context.mock.mockContext.state.fundings.get(code);
  if (!funding) throw new Error(`funding ${code} is not in the mock`);
  return funding;
}

export const externalPayments = (funding: Funding) =>
  funding.payments.filter((payment) => payment.origin === 'external');

/** Seeds a funding the way an approved application would (trainer control, no faults). */
export async function createFunding(mock: MockApp, body: Record<string, unknown>): Promise<string> {
  const response = await mock.inject({
    method: 'POST',
    url: '/__mock/fundings',
    headers: {
      authorization: `Bearer ${mock.mockContext.credentials.token}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200) throw new Error(`funding not created: ${response.body}`);
  return (JSON.parse(response.body) as { funding_code: string }).funding_code;
}
