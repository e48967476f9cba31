// POST /vouchers/unchecked_payment/cancel/{request_id}: cancels when the caller's
// expected_status is the real one; every refusal carries the real status so it can resend.

import { VOUCHERS } from '../../../shared/api/messages';
import type { VoucherStatus } from '../../../shared/api/vouchers';
import { CancelVoucherBody } from '../../../shared/api/vouchers';
import { asRecord } from '../http/field-errors';
import { type MockReply, ok } from '../reply';
import type { VoucherRecord } from './voucher';

/** Decisions: the error_detail texts (the document asks only that they name both statuses). */
export const CANCEL_DETAILS = {
  mismatch: (expected: VoucherStatus, real: VoucherStatus) =>
    `Expected status ${expected} but the voucher is ${real}`,
  alreadyCanceled: 'The voucher is already CANCELED and cannot be canceled again',
  badExpected: (real: VoucherStatus) =>
    `expected_status must be one of PENDING, VALIDATED, INVALID, CANCELED; the voucher is ${real}`,
} as const;

const refusal = (voucher: VoucherRecord, detail: string): MockReply => ({
  status: 400,
  body: {
    canceled: false,
    error_code: VOUCHERS.invalidStatus,
    error_detail: detail,
    extra_data: { status: voucher.status },
  },
});

export function cancelVoucher(voucher: VoucherRecord, raw: unknown): MockReply {
  const parsed = CancelVoucherBody.safeParse(asRecord(raw));
  if (!parsed.success) return refusal(voucher, CANCEL_DETAILS.badExpected(voucher.status));
  if (voucher.status === 'CANCELED') return refusal(voucher, CANCEL_DETAILS.alreadyCanceled);
  const expected = parsed.data.expected_status;
  if (expected !== voucher.status) {
    return refusal(voucher, CANCEL_DETAILS.mismatch(expected, voucher.status));
  }
  // Its bank operation, if it was matched, is released: the trainer may match it again.
  voucher.status = 'CANCELED';
  return ok({ canceled: true });
}
