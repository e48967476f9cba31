// The funding limits in cents. `min_amount` and `max_amount` are whole soles on the wire; an
// order is only sent when its amount lies within them (both inclusive), so a cashier learns at
// the counter, not from the customer's phone, that the amount cannot be financed.
import type { LimitsView } from '../../../shared/bridge';
import type { ServiceError } from '../../../shared/service-error';
import type { ServiceClient } from '../../service/service-client';

export type LimitsRead = { ok: true; view: LimitsView } | { ok: false; error: ServiceError };

export async function readLimits(client: ServiceClient): Promise<LimitsRead> {
  const result = await client.fundingLimits();
  if (!result.ok) return { ok: false, error: result.error };
  const { min_amount: min, max_amount: max } = result.data;
  const minCents = min * 100;
  const maxCents = max * 100;
  // Bounds the amounts could never meet are no bounds: better no order than an unchecked one.
  if (!Number.isSafeInteger(maxCents) || minCents < 0 || minCents > maxCents) {
    return {
      ok: false,
      error: { category: 'bad-response', httpStatus: result.status, body: result.data },
    };
  }
  return {
    ok: true,
    view: { limits: result.data, min_amount_cents: minCents, max_amount_cents: maxCents },
  };
}

export const withinLimits = (view: LimitsView, cents: number) =>
  cents >= view.min_amount_cents && cents <= view.max_amount_cents;
