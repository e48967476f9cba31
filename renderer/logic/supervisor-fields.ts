// The supervisor's fields, checked as they are typed: the PIN (4 to 8 digits, as the main process
// requires), the PIN typed again when one is created, and the reason an undo or refund records.
import type { FieldState } from './sale-form';

export function pinState(pin: string): FieldState {
  if (pin === '') return { status: 'empty' };
  if (!/^\d*$/.test(pin)) return { status: 'error', message: 'field.pin.digits' };
  if (pin.length < 4) return { status: 'hint', message: 'field.pin.short' };
  if (pin.length > 8) return { status: 'error', message: 'field.pin.long' };
  return { status: 'valid' };
}

/** A new PIN typed a second time: it must be the same. */
export function repeatPinState(pin: string, repeat: string): FieldState {
  if (repeat === '') return { status: 'empty' };
  return repeat === pin ? { status: 'valid' } : { status: 'error', message: 'pin.mismatch' };
}

export function reasonState(reason: string): FieldState {
  const text = reason.trim();
  if (text === '') return { status: 'empty' };
  if (text.length < 3) return { status: 'hint', message: 'field.reason.short' };
  if (text.length > 300) return { status: 'error', message: 'field.reason.long' };
  return { status: 'valid' };
}
