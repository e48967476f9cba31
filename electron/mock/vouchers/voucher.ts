// A registered voucher as the mock keeps it, and its wire form (the voucher without `extra`).
import type { Voucher, VoucherStatus } from '../../../shared/api/vouchers';
import { type Cents, centsToWire } from '../../../shared/domain/money';
import { areaState, type MockState } from '../state';

export type VoucherRecord = {
  requestId: string;
  amount: Cents;
  date: string;
  operationNumber: string;
  bankAccountId: string;
  orderId: string;
  detail: string | null;
  status: VoucherStatus;
  /** From the bank's records: known once the voucher is matched (VALIDATED). */
  bankOperationNumber: string | null;
  webhook: string;
  receipt: string;
  customerDni: string;
  customerFullname: string;
  extra: Record<string, unknown> | null;
};

export type VoucherStore = Map<string, VoucherRecord>;

export const voucherStore = (state: MockState): VoucherStore =>
  areaState(state, 'vouchers', (): VoucherStore => new Map());

export function voucherToWire(voucher: VoucherRecord): Voucher {
  return {
    request_id: voucher.requestId,
    amount: centsToWire(voucher.amount),
    date: voucher.date,
    operation_number: voucher.operationNumber,
    bank_account_id: voucher.bankAccountId,
    order_id: voucher.orderId,
    detail: voucher.detail,
    status: voucher.status,
    bank_operation_number: voucher.bankOperationNumber,
  };
}
