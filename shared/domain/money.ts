// Money is PEN kept as integer cents everywhere inside Mostrador; the wire carries JSON numbers
// in soles. Converting only at the edges is what keeps 0.1 + 0.2 from ever reaching a customer.

/** An amount in integer cents (céntimos). */
export type Cents = number;

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
  return Number.isSafeInteger(cents) ? cents : null;
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
  const text = raw.replace(/^\s*S\/\s*/i, '').replace(/[\s\u00a0]/g, '');
  if (text === '') return { ok: false, problem: 'empty' };
  if (/^\d[\d,]*\.\d{3,}$/.test(text)) return { ok: false, problem: 'too-many-decimals' };
  if (!INPUT_PLAIN.test(text) && !INPUT_GROUPED.test(text)) {
    return { ok: false, problem: 'not-a-number' };
  }
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { ok: false, problem: 'not-a-number' };
  if (cents <= 0) return { ok: false, problem: 'not-positive' };
  return { ok: true, cents };
}

export function addCents(...amounts: Cents[]): Cents {
  return amounts.reduce((sum, a) => {
    assertCents(a);
    return sum + a;
  }, 0);
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
});

/** `S/ 1,234.56`, with the no-break space after `S/` that es-PE formatting puts there. */
export function formatPEN(cents: Cents): string {
  assertCents(cents, true);
  return PEN.format(cents / 100);
}

function assertCents(value: Cents, allowNegative = false): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new RangeError(`not an amount in cents: ${value}`);
  }
}
