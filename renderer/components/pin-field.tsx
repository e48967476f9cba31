// The supervisor PIN input, the same everywhere it is asked (settings gate, PIN setup and
// change, undo, order cancel): hidden, numeric keypad, at most 8 digits (the bridge's
// SupervisorPin), and never offered for the browser to remember.
import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type Props = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'maxLength' | 'autoComplete'
>;

export function PinField(props: Props) {
  return (
    <TextField {...props} type="password" inputMode="numeric" maxLength={8} autoComplete="off" />
  );
}
