// Live validation of what the cashier types, with the very rules the service (and mock) apply
// (shared/domain), so a field says what is wrong before anything is sent. Each field state names
// a catalogue message; components only display it.
import type { IdentityInput } from '../../shared/bridge';
import { describeDniInput, normalizeFundingCode, rucProblem } from '../../shared/domain/identity';
import { parseAmountInput } from '../../shared/domain/money';
import type { MessageKey } from '../i18n/catalogue';

export type IdentityKind = 'dni' | 'ruc';

/** A typed value as the service reads it: no spaces, upper case (one sale or two). */
export const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * `hint` is shown but does not block (typing in progress); `error` blocks and is announced.
 * `fix` offers a one-click correction (the DNI card's check character dropped).
 */
export type FieldState =
  | { status: 'empty'; message?: undefined }
  | { status: 'hint'; message: MessageKey; params?: Record<string, string | number> }
  | { status: 'valid'; message?: MessageKey }
  | {
      status: 'error';
      message: MessageKey;
      params?: Record<string, string | number>;
      fix?: string;
    };

export function identityState(
  kind: IdentityKind,
  raw: string,
  purpose: 'sale' | 'undo' | 'check' = 'sale',
): FieldState {
  const text = raw.trim();
  if (kind === 'dni') {
    const dni = describeDniInput(text);
    switch (dni.kind) {
      case 'empty':
        return { status: 'empty' };
      case 'incomplete':
        return { status: 'hint', message: 'field.dni.incomplete', params: { digits: dni.digits } };
      case 'valid':
        return { status: 'valid' };
      case 'check-character':
        return {
          status: 'error',
          message: 'field.dni.checkCharacter',
          params: { dni: dni.dni },
          fix: dni.dni,
        };
      case 'invalid':
        return { status: 'error', message: 'field.dni.invalid' };
    }
  }
  if (text === '') return { status: 'empty' };
  if (/^\d{1,10}$/.test(text)) {
    return { status: 'hint', message: 'field.ruc.incomplete', params: { digits: text.length } };
  }
  switch (rucProblem(text)) {
    case 'length':
      return { status: 'error', message: 'field.ruc.length' };
    case 'prefix':
      return { status: 'error', message: 'field.ruc.prefix' };
    case 'check-digit':
      return { status: 'error', message: 'field.ruc.checkDigit' };
    case null:
      // Undo billing takes only personal RUCs (docs/decisions.md "Billing"): say so before the
      // supervisor's PIN is spent on a call the service will refuse.
      if (purpose === 'undo' && !text.startsWith('10')) {
        return { status: 'error', message: 'field.ruc.undoPersonalOnly' };
      }
      return {
        status: 'valid',
        message: text.startsWith('10') ? 'field.ruc.personal' : 'field.ruc.company',
      };
  }
}

/** What the code field shows after normalizing (scanner spaces and dashes removed, upper case). */
export function codeState(raw: string): FieldState {
  const code = normalizeFundingCode(raw);
  if (code === '') return { status: 'empty' };
  if (!/^[A-Z0-9]*$/.test(code)) return { status: 'error', message: 'field.code.characters' };
  if (code.length < 6)
    return { status: 'hint', message: 'field.code.incomplete', params: { count: code.length } };
  if (code.length > 6) return { status: 'error', message: 'field.code.tooLong' };
  return { status: 'valid' };
}

export function amountState(raw: string): FieldState {
  const parsed = parseAmountInput(raw);
  if (parsed.ok) return { status: 'valid' };
  switch (parsed.problem) {
    case 'empty':
      return { status: 'empty' };
    case 'too-many-decimals':
      return { status: 'error', message: 'field.amount.decimals' };
    case 'not-positive':
      return { status: 'error', message: 'field.amount.positive' };
    case 'not-a-number':
      return { status: 'error', message: 'field.amount.format' };
  }
}

export type SaleForm = {
  identityKind: IdentityKind;
  identity: string;
  code: string;
  amount: string;
};

export type SaleFormCheck = {
  identity: FieldState;
  code: FieldState;
  amount: FieldState;
  /** The verify arguments when every field is valid, else null. */
  request: { identity: IdentityInput; funding_code: string; billed_cents: number } | null;
};

export function checkSaleForm(form: SaleForm): SaleFormCheck {
  const identity = identityState(form.identityKind, form.identity, 'sale');
  const code = codeState(form.code);
  const amount = amountState(form.amount);
  const parsed = parseAmountInput(form.amount);
  const ready = identity.status === 'valid' && code.status === 'valid' && parsed.ok;
  return {
    identity,
    code,
    amount,
    request: ready
      ? {
          identity: { kind: form.identityKind, value: form.identity.trim() },
          funding_code: normalizeFundingCode(form.code),
          billed_cents: parsed.cents,
        }
      : null,
  };
}

/** Identity + code: the shared part of the undo and v2 check forms. */
export function checkIdentityAndCode(
  kind: IdentityKind,
  identityRaw: string,
  codeRaw: string,
  purpose: 'undo' | 'check',
): {
  identity: FieldState;
  code: FieldState;
  request: { identity: IdentityInput; funding_code: string } | null;
} {
  const identity = identityState(kind, identityRaw, purpose);
  const code = codeState(codeRaw);
  return {
    identity,
    code,
    request:
      identity.status === 'valid' && code.status === 'valid'
        ? {
            identity: { kind, value: identityRaw.trim() },
            funding_code: normalizeFundingCode(codeRaw),
          }
        : null,
  };
}

/** Shown to block a submit: the first field not valid, in the form's order (to focus it). */
export function firstInvalid<K extends string>(states: Array<[K, FieldState]>): K | null {
  for (const [name, state] of states) if (state.status !== 'valid') return name;
  return null;
}
