// A sale the till sent, as the sale form takes it: the amount the till billed (locked), the
// customer when the till named one (locked too), the code left for the cashier to type or scan.
import type { QueuedRequest } from '../../shared/bridge';
import { plainAmount } from '../logic/plain-amount';
import type { SaleForm } from '../logic/sale-form';

export type TillSale = Pick<
  QueuedRequest,
  'request_id' | 'billed_cents' | 'document' | 'identity' | 'training'
>;

export function tillForm(sale: TillSale): SaleForm {
  const identity = sale.identity;
  return {
    identityKind: identity && 'ruc' in identity ? 'ruc' : 'dni',
    identity: identity ? ('dni' in identity ? identity.dni : identity.ruc) : '',
    code: '',
    amount: plainAmount(sale.billed_cents),
  };
}

/** Phases before paid-and-billed was sent: a cancel (the till's or the cashier's) clears the screen. */
export const BEFORE_BILLING = ['editing', 'verifying', 'verify-failed', 'verified', 'confirming'];
