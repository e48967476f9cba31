// Identity and funding-code formats, as docs/decisions.md "Formats" decides them (the interface
// gives only the error messages). Pure functions: the mock validates with them and the renderer
// validates live with the very same code, so the two can never disagree.

export const DNI_PATTERN = /^\d{8}$/;
export const FUNDING_CODE_PATTERN = /^[A-Z0-9]{6}$/;
export const RUC_PREFIXES = ['10', '15', '17', '20'] as const;
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

export function isValidDni(value: string): boolean {
  return DNI_PATTERN.test(value);
}

/** The RUC check digit of its first ten digits: 11 − (Σ digit·weight mod 11); 10 → 0, 11 → 1. */
export function rucCheckDigit(firstTen: string): number {
  if (!/^\d{10}$/.test(firstTen)) throw new RangeError('a RUC body is 10 digits');
  let sum = 0;
  RUC_WEIGHTS.forEach((weight, i) => {
    sum += Number(firstTen[i]) * weight;
  });
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 1 : check;
}

export type RucProblem = 'length' | 'prefix' | 'check-digit';

/** Why a RUC is not valid, or null when it is. */
export function rucProblem(value: string): RucProblem | null {
  if (!/^\d{11}$/.test(value)) return 'length';
  if (!(RUC_PREFIXES as readonly string[]).includes(value.slice(0, 2))) return 'prefix';
  if (rucCheckDigit(value.slice(0, 10)) !== Number(value[10])) return 'check-digit';
  return null;
}

export function isValidRuc(value: string): boolean {
  return rucProblem(value) === null;
}

/** Undo billing accepts only personal RUCs (prefix 10: "10" + DNI + check digit). */
export function isPersonalRuc(value: string): boolean {
  return isValidRuc(value) && value.startsWith('10');
}

export function isValidFundingCode(value: string): boolean {
  return FUNDING_CODE_PATTERN.test(value);
}

/** What the cashier or the scanner typed, as the service wants it: upper case, no spaces. */
export function normalizeFundingCode(raw: string): string {
  // ASCII letters only: toUpperCase() would turn a Turkish ı into a valid-looking I.
  return raw.replace(/[\s-]/g, '').replace(/[a-z]/g, (c) => c.toUpperCase());
}

export type DniInputState =
  | { kind: 'empty' }
  | { kind: 'incomplete'; digits: number }
  | { kind: 'valid' }
  /** 9 characters: the printed DNI card shows a check character after the 8 digits. */
  | { kind: 'check-character'; dni: string }
  | { kind: 'invalid' };

/**
 * A DNI or RUC as typed or pasted, without what is never part of one: white space anywhere
 * ("4100 0001") and a leading label ("DNI 41000001", "RUC: 20…"). A check character or any other
 * stray character stays, so the field can say what is wrong with it.
 */
export function typedIdentity(raw: string): string {
  return raw.replace(/\s+/g, '').replace(/^(?:dni|ruc)[:.#-]?/i, '');
}

/** Room for a pasted identity with its label and spaces, cleaned by typedIdentity as it lands. */
export const IDENTITY_INPUT_MAX = 24;

/** Live feedback for the DNI field, so a cashier learns why the 9th character is not wanted. */
export function describeDniInput(raw: string): DniInputState {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (/^\d{1,7}$/.test(text)) return { kind: 'incomplete', digits: text.length };
  if (isValidDni(text)) return { kind: 'valid' };
  if (/^\d{8}[\dA-Za-z]$/.test(text) || /^\d{8}-[\dA-Za-z]$/.test(text)) {
    return { kind: 'check-character', dni: text.slice(0, 8) };
  }
  return { kind: 'invalid' };
}

/** The customer's identity: a DNI (boleta) or a RUC (factura). */
export type Identity = { kind: 'dni'; value: string } | { kind: 'ruc'; value: string };

export function identityField(identity: Identity): { dni: string } | { ruc: string } {
  return identity.kind === 'dni' ? { dni: identity.value } : { ruc: identity.value };
}
