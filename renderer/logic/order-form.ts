// Live validation of the order form. The customer's fields are checked with the contract's own
// schemas (shared/bridge/orders.ts) and the DNI with shared/domain/identity, so the form never
// accepts what the bridge would refuse; the amount is checked against the funding limits read
// from the service, so an amount outside them is refused before anything is sent.
import { OrderCustomer } from '../../shared/bridge/orders';
import { formatPEN, parseAmountInput } from '../../shared/domain/money';
import { amountState, type FieldState, identityState } from './sale-form';

export type OrderForm = {
  amount: string;
  description: string;
  name: string;
  dni: string;
  phone: string;
  email: string;
  sendSms: boolean;
};

/** Inclusive bounds in cents, as `limits.get` gives them. */
export type AmountBounds = { min: number; max: number };

export type OrderRequest = {
  amount_cents: number;
  description?: string;
  customer: { name?: string; dni?: string; phone?: string; email?: string };
  send_sms: boolean;
};

export const emptyOrderForm = (): OrderForm => ({
  amount: '',
  description: '',
  name: '',
  dni: '',
  phone: '',
  email: '',
  sendSms: false,
});

/**
 * The amount against the limits. Without limits (not read yet, or unreadable) a well-formed
 * amount is accepted here: the main process checks the limits again at creation and sends
 * nothing when it cannot read them.
 */
export function orderAmountState(raw: string, bounds: AmountBounds | null): FieldState {
  const parsed = parseAmountInput(raw);
  if (!parsed.ok) return amountState(raw);
  if (bounds === null) return { status: 'valid' };
  if (parsed.cents < bounds.min || parsed.cents > bounds.max) {
    return {
      status: 'error',
      message: 'orders.field.amount.outside',
      params: { min: formatPEN(bounds.min), max: formatPEN(bounds.max) },
    };
  }
  return { status: 'valid', message: 'orders.field.amount.within' };
}

/** An optional text: empty is fine, otherwise the contract's schema decides. */
function optionalState(
  raw: string,
  ok: (text: string) => boolean,
  message: 'orders.field.phone.invalid' | 'orders.field.email.invalid' | 'orders.field.tooLong',
): FieldState {
  const text = raw.trim();
  if (text === '') return { status: 'empty' };
  return ok(text) ? { status: 'valid' } : { status: 'error', message };
}

export function checkOrderForm(form: OrderForm, bounds: AmountBounds | null) {
  const amount = orderAmountState(form.amount, bounds);
  const description = optionalState(
    form.description,
    (text) => text.length <= 200,
    'orders.field.tooLong',
  );
  const name = optionalState(
    form.name,
    (text) => OrderCustomer.shape.name.safeParse(text).success,
    'orders.field.tooLong',
  );
  // The customer's DNI is optional here, but when typed it follows the sale's DNI rules (the
  // 9th check character explained); a RUC is not a customer_data field.
  const dni: FieldState =
    form.dni.trim() === '' ? { status: 'empty' } : identityState('dni', form.dni);
  const phone = optionalState(
    form.phone,
    (text) => OrderCustomer.shape.phone.safeParse(text).success,
    'orders.field.phone.invalid',
  );
  const email = optionalState(
    form.email,
    (text) => OrderCustomer.shape.email.safeParse(text).success,
    'orders.field.email.invalid',
  );
  const optional = [description, name, dni, phone, email];
  const parsed = parseAmountInput(form.amount);
  const ready =
    amount.status === 'valid' &&
    parsed.ok &&
    optional.every((s) => s.status !== 'error' && s.status !== 'hint');
  const request: OrderRequest | null = ready
    ? {
        amount_cents: parsed.cents,
        ...(form.description.trim() ? { description: form.description.trim() } : {}),
        customer: {
          ...(form.name.trim() ? { name: form.name.trim() } : {}),
          ...(form.dni.trim() ? { dni: form.dni.trim() } : {}),
          ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
          ...(form.email.trim() ? { email: form.email.trim() } : {}),
        },
        send_sms: form.sendSms,
      }
    : null;
  return { amount, description, name, dni, phone, email, request };
}

/** The first field to take the cashier to after a refused submit, in the form's order. */
export function firstOrderProblem(
  check: ReturnType<typeof checkOrderForm>,
): 'amount' | 'description' | 'name' | 'dni' | 'phone' | 'email' | null {
  if (check.amount.status !== 'valid') return 'amount';
  for (const field of ['description', 'name', 'dni', 'phone', 'email'] as const) {
    const state = check[field];
    if (state.status === 'error' || state.status === 'hint') return field;
  }
  return null;
}
