// A refund's 200 as the bridge hands it on, read from the service's answer (or from the journal,
// where that answer is kept). One reader for the main process and the screens, so a refund
// answered at once and one answered late are read, and worded, alike (docs/decisions.md
// "Late answers in the direct answer's words").
import { z } from 'zod';
import { PartialRefundResult, TotalRefundResult } from '../api/orders';
import type { RefundResult } from '../bridge/orders';
import type { JournalOperation } from '../journal-entry';

export const REFUND_OPERATION = {
  total: 'orders.refundTotal',
  partial: 'orders.refundPartial',
} as const;

export const isRefundOperation = (name: string) =>
  name === REFUND_OPERATION.total || name === REFUND_OPERATION.partial;

const RefundStatus = z.enum(['success', 'already_refunded', 'decreased_debt']);

export type RefundAnswer = Extract<RefundResult, { status: 'succeeded' }>['data'];

/**
 * What the service answered to the refund `intent` describes, or null if unreadable. The amount
 * is the one asked for in a partial refund; a total refund's is the service's to compute and is
 * never made up here.
 */
export function refundAnswer(
  intent: JournalOperation['intent'],
  answer: unknown,
): RefundAnswer | null {
  const kind = intent.operation === REFUND_OPERATION.total ? 'total' : 'partial';
  const parsed = (kind === 'total' ? TotalRefundResult : PartialRefundResult).safeParse(answer);
  if (!parsed.success) return null;
  // Each kind's own schema has checked the status; this narrows it to the bridge's union.
  const status = RefundStatus.parse(parsed.data.status);
  const { refund_method, tracking_id } = parsed.data;
  return {
    kind,
    status,
    refund_method,
    tracking_id,
    ...(intent.refund_cents === undefined ? {} : { refund_cents: intent.refund_cents }),
  };
}
