// The buttons that move money (collect, confirm paid-and-billed, and the "new sale" that clears
// a green result) act only on a deliberate press made after their step appeared: an
// auto-repeated key, a key still held down from the step before, or the second click of a
// double click does nothing. Holding Enter can never bill a sale (docs/decisions.md "Counter
// safety in the cashier's flows (issue 10)").
import {
  type ButtonHTMLAttributes,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  useRef,
} from 'react';

/**
 * The press of each key down right now, by identity: a new number at each keydown that is not an
 * auto-repeat. Seen first (capture phase) so a step that renders during a keydown sees it; let
 * go after the page's own handlers (bubble phase) so a button's keyup still sees which press
 * ends. A button ignores only the very press that was down when it appeared: once that key is
 * let go anywhere, the next press is a new one and counts.
 */
let presses = 0;
const pressOf = new Map<string, number>();
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (!event.repeat || !pressOf.has(event.key)) pressOf.set(event.key, ++presses);
    },
    true,
  );
  window.addEventListener('keyup', (event) => pressOf.delete(event.key));
  // A key released while the window had no focus never sends its keyup.
  window.addEventListener('blur', () => pressOf.clear());
}

/** Activation keys of a button: Enter clicks on keydown, Space on keyup. */
const ACTIVATES = new Set(['Enter', ' ']);

type Props = ButtonHTMLAttributes<HTMLButtonElement>;

/** Give it a `key` of its step, so a new step is a new button with a fresh view of held keys. */
export const DeliberateButton = forwardRef<HTMLButtonElement, Props>(function DeliberateButton(
  { onKeyDown, onKeyUp, onClick, ...props },
  ref,
) {
  // The presses already down when the step appeared: they belong to the step before.
  const stale = useRef<ReadonlyMap<string, number> | null>(null);
  if (stale.current === null) stale.current = new Map(pressOf);
  // The press this button refused, so its Space keyup and keyboard click do nothing either.
  const refused = useRef<number | null>(null);
  const heldFromBefore = (key: string) => {
    const press = pressOf.get(key);
    return press !== undefined && stale.current?.get(key) === press;
  };

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (ACTIVATES.has(event.key) && (event.repeat || heldFromBefore(event.key))) {
      event.preventDefault();
      refused.current = pressOf.get(event.key) ?? null;
      return;
    }
    refused.current = null;
    onKeyDown?.(event);
  };
  const keyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    const press = pressOf.get(event.key);
    const wasRefused = press !== undefined && refused.current === press;
    if (wasRefused) refused.current = null;
    if (event.key === ' ' && (wasRefused || heldFromBefore(' '))) {
      event.preventDefault();
      return;
    }
    onKeyUp?.(event);
  };
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // detail counts the clicks of a double click; a keyboard click has 0, and only a keyboard
    // click can come from a refused press (a mouse click is its own deliberate press).
    if (event.detail > 1 || (event.detail === 0 && refused.current !== null)) return;
    onClick?.(event);
  };
  return <button ref={ref} onKeyDown={keyDown} onKeyUp={keyUp} onClick={click} {...props} />;
});
