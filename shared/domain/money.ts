// Money is PEN kept as integer cents everywhere inside Mostrador; the wire carries JSON numbers
// in soles. Converting only at the edges is what keeps 0.1 + 0.2 from ever reaching a customer.
import { z } from 'zod';

/** An amount in integer cents (céntimos). */
export type Cents = number;
/** An amount in integer cents, as bridge results, journal lines and close records check it. */
export const Cents = z.int().nonnegative();

/**
 * The largest amount Mostrador handles: 15 digits of cents, just under S/ 10 trillion. Any
 * decimal of at most 15 significant digits survives the trip through a double and back, so up to
 * here the JSON number on the wire and the figure on screen are exactly the cents; above it
 * (from about S/ 70 trillion) neighbouring cents share one double, and 90071992547409.91 was read
 * back as …409.90 and formatted as such. Too big is refused rather than silently changed.
 */
export const MAX_CENTS: Cents = 999_999_999_999_999;

const WIRE_AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * A wire amount (JSON number in soles) as cents, or null when it is not a finite, non-negative
 * number with at most 2 decimals. Uses the number's shortest decimal form, so 1000.01 is
 * accepted and 0.1 + 0.2 (0.30000000000000004) is not.
 */
export function centsFromWire(value: unknown): Cents | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  if (!WIRE_AMOUNT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // Above MAX_CENTS, String(value) may not be the number the sender wrote: reject, don't guess.
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}

/** Cents as the JSON number the service expects (at most 2 decimals, exactly representable). */
export function centsToWire(cents: Cents): number {
  assertCents(cents);
  return Number((cents / 100).toFixed(2));
}

const INPUT_GROUPED = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;
const INPUT_PLAIN = /^\d+(\.\d{1,2})?$/;

export type AmountInputProblem = 'empty' | 'not-a-number' | 'too-many-decimals' | 'not-positive';
export type AmountInput = { ok: true; cents: Cents } | { ok: false; problem: AmountInputProblem };

/**
 * What a cashier types, es-PE style: `1234.56`, `1,234.56`, `S/ 1,234.5`. The decimal mark is the
 * point and the comma only groups thousands, as on Peruvian receipts; more than 2 decimals is an
 * error, never rounded, because the amount billed must be exactly the invoice's.
 */
export function parseAmountInput(raw: string): AmountInput {
  // Spaces only around the amount: "12 5" is a typo to show, not S/ 125.00 to bill.
  const text = raw.replace(/^[\s\u00a0]*S\/[\s\u00a0]*/i, '').trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (/^\d[\d,]*\.\d{3,}$/.test(text)) return { ok: false, problem: 'too-many-decimals' };
  if (!INPUT_PLAIN.test(text) && !INPUT_GROUPED.test(text)) {
    return { ok: false, problem: 'not-a-number' };
  }
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // Beyond MAX_CENTS the amount could not be sent or shown exactly (see MAX_CENTS).
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS)
    return { ok: false, problem: 'not-a-number' };
  if (cents <= 0) return { ok: false, problem: 'not-positive' };
  return { ok: true, cents };
}

export function addCents(...amounts: Cents[]): Cents {
  const total = amounts.reduce((sum, a) => {
    assertCents(a);
    return sum + a;
  }, 0);
  // Each term being valid does not make the sum valid: past 2^53 the addition silently rounds
  // (MAX_SAFE_INTEGER + 2 came out as …992), so the total is checked like any amount.
  assertCents(total);
  return total;
}

/**
 * Splits `total` into `parts` amounts that add up to it exactly: every part gets the floor
 * share and the first absorbs the remainder (the down payment, in the v3 rules).
 */
export function splitCents(total: Cents, parts: number): Cents[] {
  assertCents(total);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`parts must be ≥ 1: ${parts}`);
  const share = Math.floor(total / parts);
  const first = total - share * (parts - 1);
  return [first, ...Array.from({ length: parts - 1 }, () => share)];
}

// Soles are written the Peruvian way whatever the interface language: a cashier reading English
// still hands out soles, and receipts must match the drawer.
const PEN = new Intl.NumberFormat('es-PE', {
  style: 'currency',
  currency: 'PEN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // 'auto' printed -0 (say, the negation of a zero refund) as "-S/ 0.00"; zero has no sign.
  signDisplay: 'negative',
});

/** `S/ 1,234.56`, with the no-break space after `S/` that es-PE formatting puts there. */
export function formatPEN(cents: Cents): string {
  assertCents(cents, true);
  return PEN.format(cents / 100);
}

function assertCents(value: Cents, allowNegative = false): void {
  if (
    !Number.isSafeInteger(value) ||
    Math.abs(value) > MAX_CENTS ||
    (!allowNegative && value < 0)
  ) {
    throw new RangeError(`not an amount in cents: ${value}`);
  }
}
