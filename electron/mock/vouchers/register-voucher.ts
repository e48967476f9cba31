// POST /vouchers/unchecked_payment/register. Its 400 is a plain string (docs/decisions.md
// "Vouchers"), one problem at a time: the first field in the order of the table, then the
// merchant's accounts, then order_id uniqueness.
import { RegisterVoucherBody } from '../../../shared/api/vouchers';
import { centsFromWire } from '../../../shared/domain/money';
import { asRecord } from '../http/field-errors';
import { checkFields, type FieldProblem } from '../http/first-field-problem';
import { type MockReply, ok } from '../reply';
import type { MockContext } from '../state';
import { isSupportedReceipt } from './receipt-format';
import { type VoucherRecord, voucherStore } from './voucher';
import { sendVoucherWebhook } from './voucher-webhook';

/** Decisions: the texts of the register 400 (the document only says "a string"). */
export const REGISTER_ERRORS = {
  field: ({ field, kind }: FieldProblem) =>
    `Invalid field data: ${field} is ${kind === 'required' ? 'required' : 'not valid'}`,
  unknownAccount: "Invalid field data: bank_account_id is not one of the merchant's bank accounts",
  orderIdTaken: 'Invalid field data: order_id is already used by another voucher',
} as const;

const textError = (message: string): MockReply => ({ status: 400, body: message });

export function registerVoucher(context: MockContext, raw: unknown): MockReply {
  const checked = checkFields(RegisterVoucherBody, asRecord(raw));
  if (!checked.ok) return textError(REGISTER_ERRORS.field(checked.problem));
  const body = checked.value;
  const { state } = context;
  if (!state.merchant.bank_account_ids.includes(body.bank_account_id)) {
    return textError(REGISTER_ERRORS.unknownAccount);
  }
  const vouchers = voucherStore(state);
  // A canceled voucher releases its order_id, so the merchant can register the payment again.
  const taken = [...vouchers.values()].some(
    (v) => v.orderId === body.order_id && v.status !== 'CANCELED',
  );
  if (taken) return textError(REGISTER_ERRORS.orderIdTaken);

  const voucher: VoucherRecord = {
    requestId: state.ids.objectId(),
    // The schema proved a positive amount with at most 2 decimals.
    amount: centsFromWire(body.amount) ?? 0,
    date: body.date,
    operationNumber: body.operation_number,
    bankAccountId: body.bank_account_id,
    orderId: body.order_id,
    detail: body.detail ?? null,
    status: 'PENDING',
    bankOperationNumber: null,
    webhook: body.webhook,
    receipt: body.receipt,
    customerDni: body.customer_dni,
    customerFullname: body.customer_fullname,
    extra: body.extra ?? null,
  };
  vouchers.set(voucher.requestId, voucher);
  if (!isSupportedReceipt(voucher.receipt)) {
    voucher.status = 'INVALID';
    sendVoucherWebhook(context, voucher);
  }
  return ok({ request_id: voucher.requestId });
}
