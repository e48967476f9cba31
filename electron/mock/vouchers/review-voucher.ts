// Trainer control POST /__mock/vouchers/{request_id}/review: plays the service's validation of a
// PENDING voucher, with the corrected data the bank's records give, and calls its webhook.
import type { ReviewBody } from '../../../shared/api/trainer';
import { centsFromWire } from '../../../shared/domain/money';
import { fail, type MockReply, ok } from '../reply';
import type { MockContext } from '../state';
import { type VoucherRecord, voucherStore, voucherToWire } from './voucher';
import { sendVoucherWebhook } from './voucher-webhook';

export function reviewVoucher(
  context: MockContext,
  voucher: VoucherRecord,
  review: ReviewBody,
): MockReply {
  if (voucher.status !== 'PENDING') {
    return fail(400, `Only PENDING vouchers can be reviewed; this one is ${voucher.status}`);
  }
  if (review.status === 'VALIDATED') {
    const account = review.bank_account_id;
    if (account !== undefined && !context.state.merchant.bank_account_ids.includes(account)) {
      return fail(400, "bank_account_id is not one of the merchant's bank accounts");
    }
    const operation = review.bank_operation_number ?? context.state.ids.token('BANKOP');
    // One bank transaction pays one voucher, until that voucher is canceled (which releases it).
    const holder = [...voucherStore(context.state).values()].find(
      (v) => v.status === 'VALIDATED' && v.bankOperationNumber === operation,
    );
    if (holder) {
      return fail(400, `bank_operation_number already matches voucher ${holder.requestId}`);
    }
    if (review.amount !== undefined) voucher.amount = centsFromWire(review.amount) ?? 0;
    if (review.date !== undefined) voucher.date = review.date;
    if (review.operation_number !== undefined) voucher.operationNumber = review.operation_number;
    if (account !== undefined) voucher.bankAccountId = account;
    voucher.bankOperationNumber = operation;
  }
  voucher.status = review.status;
  sendVoucherWebhook(context, voucher);
  return ok(voucherToWire(voucher));
}
