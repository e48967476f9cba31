// The buttons that move money (collect, confirm paid-and-billed, and the "new sale" that clears
// a green result) act only on a deliberate press made after their step appeared: an
// auto-repeated key, a key still held down from the step before, or the second click of a
// double click does nothing. Holding Enter can never bill a sale.
import {
  type ButtonHTMLAttributes,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  useRef,
} from 'react';

/** Keys down right now, seen first (capture phase) so a step that renders during a keydown sees it. */
const held = new Set<string>();
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', (event) => held.add(event.key), true);
  window.addEventListener('keyup', (event) => held.delete(event.key), true);
  // A key released while the window had no focus never sends its keyup.
  window.addEventListener('blur', () => held.clear());
}

/** Activation keys of a button: Enter clicks on keydown, Space on keyup. */
const ACTIVATES = new Set(['Enter', ' ']);

type Props = ButtonHTMLAttributes<HTMLButtonElement>;

/** Give it a `key` of its step, so a new step is a new button with a fresh view of held keys. */
export const DeliberateButton = forwardRef<HTMLButtonElement, Props>(function DeliberateButton(
  { onKeyDown, onKeyUp, onClick, ...props },
  ref,
) {
  // Keys already down when the step appeared: they belong to the step before until released.
  const stale = useRef<Set<string> | null>(null);
  if (stale.current === null) stale.current = new Set(held);
  const refused = useRef(false);

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (ACTIVATES.has(event.key) && (event.repeat || stale.current?.has(event.key))) {
      event.preventDefault();
      refused.current = true;
      return;
    }
    refused.current = false;
    onKeyDown?.(event);
  };
  const keyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    const wasStale = stale.current?.delete(event.key) ?? false;
    if (event.key === ' ' && (wasStale || refused.current)) {
      event.preventDefault();
      refused.current = false;
      return;
    }
    onKeyUp?.(event);
  };
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // detail counts the clicks of a double click; a keyboard click has 0.
    if (event.detail > 1 || refused.current) return;
    onClick?.(event);
  };
  return <button ref={ref} onKeyDown={keyDown} onKeyUp={keyUp} onClick={click} {...props} />;
});
