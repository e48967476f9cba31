// The voucher callback (docs/decisions.md "Webhooks"): JSON with request_id, order_id and status,
// plus the corrected data once VALIDATED, signed and delivered by the mock's webhook dispatcher.
import type { VoucherWebhookPayload } from '../../../shared/api/vouchers';
import type { MockContext } from '../state';
import { sendWebhook } from '../webhooks/send-webhook';
import { type VoucherRecord, voucherToWire } from './voucher';

export function voucherWebhookPayload(voucher: VoucherRecord): VoucherWebhookPayload {
  const { request_id, order_id, amount, date, operation_number, bank_account_id } =
    voucherToWire(voucher);
  if (voucher.status === 'VALIDATED') {
    return {
      request_id,
      order_id,
      status: 'VALIDATED',
      amount,
      date,
      operation_number,
      bank_account_id,
      bank_operation_number: voucher.bankOperationNumber,
    };
  }
  return { request_id, order_id, status: 'INVALID' };
}

export function sendVoucherWebhook(context: MockContext, voucher: VoucherRecord) {
  return sendWebhook(context, {
    type: `voucher.${voucher.status.toLowerCase()}`,
    url: voucher.webhook,
    payload: voucherWebhookPayload(voucher),
  });
}
