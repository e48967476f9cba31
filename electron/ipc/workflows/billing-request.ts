// What a paid-and-billed sends, derived from the journaled Verify (v3) or Info (v2) it follows,
// and how a journaled request is called again when retried.
import { z } from 'zod';
import { BillingRequest, FundingInfo, Identification } from '../../../shared/api/in-store';
import type { BilledResult } from '../../../shared/bridge';
import { SaleAmounts } from '../../../shared/bridge';
import type { JournalOperation } from '../../../shared/journal-entry';
import type { ServiceClient } from '../../service/service-client';
import { invoiceFor } from './operation-support';
import { infoToCollect } from './sale-amounts';

export type Generation = 'v3' | 'v2';

export const KIND = {
  v3: { operation: 'v3.paidAndBilled', source: 'v3.verify', link: 'verify_op_id' },
  v2: { operation: 'v2.paidAndBilled', source: 'v2.info', link: 'info_op_id' },
} as const;

const VerifyKept = z.object({ amounts: SaleAmounts });
const InfoKept = z.object({
  info: FundingInfo,
  downpayment_cents: z.int().nonnegative(),
  purchase_total_cents: z.int().nonnegative(),
});

export type Plan = {
  request: BillingRequest | Identification;
  identity: { kind: 'dni' | 'ruc'; value: string };
  funding_code: string;
  billed_cents: number;
  to_collect_cents: number;
};

/** The body of the paid-and-billed call, from the journaled Verify or Info it follows. */
export function planFrom(generation: Generation, source: JournalOperation): Plan {
  const { intent } = source;
  if (!intent.identity || !intent.funding_code) throw new Error('source intent lacks identity');
  if (generation === 'v3') {
    const request = BillingRequest.parse(intent.request);
    const kept = VerifyKept.parse(source.outcome?.result);
    return {
      request,
      identity: intent.identity,
      funding_code: intent.funding_code,
      billed_cents: kept.amounts.billed,
      to_collect_cents: kept.amounts.to_collect,
    };
  }
  const query = z.object({ dni: z.string(), funding_code: z.string() }).parse(intent.request);
  const kept = InfoKept.parse(source.outcome?.result);
  return {
    request: Identification.parse({ dni: query.dni, funding_code: query.funding_code }),
    identity: intent.identity,
    funding_code: intent.funding_code,
    billed_cents: kept.purchase_total_cents,
    // Recomputed from what Info kept (journals written before Info sent it lack the figure).
    to_collect_cents: infoToCollect(kept.info, kept.downpayment_cents),
  };
}

export function billedData(
  intent: JournalOperation['intent'],
): Extract<BilledResult, { status: 'succeeded' }>['data'] {
  return {
    ...(intent.billed_cents === undefined ? {} : { billed_cents: intent.billed_cents }),
    ...(intent.to_collect_cents === undefined ? {} : { collected_cents: intent.to_collect_cents }),
    invoice: invoiceFor(intent.identity ?? { kind: 'dni' }),
  };
}

/** The paid-and-billed call of a journaled request, or null when it is not one. */
export function callFor(operation: string, request: unknown) {
  if (operation === KIND.v3.operation) {
    const body = BillingRequest.safeParse(request);
    return body.success ? (client: ServiceClient) => client.v3PaidAndBilled(body.data) : null;
  }
  if (operation === KIND.v2.operation) {
    const body = Identification.safeParse(request);
    return body.success ? (client: ServiceClient) => client.v2PaidAndBilled(body.data) : null;
  }
  return null;
}

/** The call's result, or null once `signal` aborts (the app is quitting). */
export async function untilAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return null;
  return new Promise<T | null>((resolve, reject) => {
    const abort = () => resolve(null);
    signal.addEventListener('abort', abort, { once: true });
    call.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
