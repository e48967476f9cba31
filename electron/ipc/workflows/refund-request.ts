// A refund as journaled, and how it is sent again. Everything a retry sends comes from the
// intent written before the first call — the order, the body (author, reason, amount) and the
// X-Unique-Token in `meta.unique_token` — so every call of one refund is the same transaction
// to the service, whoever is logged in and whenever it is retried.
import { z } from 'zod';
import {
  PartialRefundBody,
  type PartialRefundResult,
  TotalRefundBody,
  type TotalRefundResult,
} from '../../../shared/api/orders';
import {
  isRefundOperation,
  REFUND_OPERATION,
  refundAnswer,
} from '../../../shared/domain/refund-answer';
import type { JournalOperation } from '../../../shared/journal-entry';
import type { ServiceResult } from '../../../shared/service-error';
import type { ServiceClient } from '../../service/service-client';

export { isRefundOperation, REFUND_OPERATION };

export type PlannedRefund =
  | { kind: 'total'; orderId: string; body: TotalRefundBody; token: string }
  | { kind: 'partial'; orderId: string; body: PartialRefundBody; token: string };

type RefundData = TotalRefundResult | PartialRefundResult;

const Token = z.string().min(1);

/** The refund an intent describes, or null when it cannot be sent again exactly as it was. */
export function plannedRefund(intent: JournalOperation['intent']): PlannedRefund | null {
  const orderId = intent.order_id;
  const token = Token.safeParse(intent.meta?.unique_token);
  if (!orderId || !token.success) return null;
  if (intent.operation === REFUND_OPERATION.total) {
    const body = TotalRefundBody.safeParse(intent.request);
    return body.success ? { kind: 'total', orderId, body: body.data, token: token.data } : null;
  }
  if (intent.operation === REFUND_OPERATION.partial) {
    const body = PartialRefundBody.safeParse(intent.request);
    return body.success ? { kind: 'partial', orderId, body: body.data, token: token.data } : null;
  }
  return null;
}

export function sendRefund(
  client: ServiceClient,
  plan: PlannedRefund,
): Promise<ServiceResult<RefundData>> {
  return plan.kind === 'total'
    ? client.totalRefund(plan.orderId, plan.body, plan.token)
    : client.partialRefund(plan.orderId, plan.body, plan.token);
}

/** What the bridge answers of a refund's 200 (or of its journaled result), or null if unreadable. */
export const refundData = refundAnswer;
