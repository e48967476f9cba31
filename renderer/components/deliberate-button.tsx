// The buttons that move money (collect, confirm paid-and-billed, a refund's "yes") and the ones
// that clear a result (the "new sale" under a green one) act only on a deliberate press made
// after their step appeared: an auto-repeated key, a key still held down from the step before,
// the second click of a double click, and any press (key or click) in the step's first half
// second do nothing. Holding Enter, or tapping it quickly, can never bill a sale nor wipe its
// green result (docs/decisions.md "Counter safety in the cashier's flows (issue 10)" and
// "A half-second dwell on money steps (issue 18)").
import {
  type ButtonHTMLAttributes,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** Nobody reads an amount faster: presses this soon after the step appeared are not deliberate. */
export const DWELL_MS = 500;

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

const now = () => performance.now();

/**
 * Give it a `key` of its step, so a new step is a new button with a fresh view of held keys and
 * a fresh dwell. During the dwell it is `aria-disabled` (focus stays on it, so Enter goes on once
 * the cashier has read the step; assistive technology and automation see it is not ready yet).
 */
export const DeliberateButton = forwardRef<HTMLButtonElement, Props>(function DeliberateButton(
  { onKeyDown, onKeyUp, onClick, ...props },
  ref,
) {
  // The presses already down when the step appeared: they belong to the step before.
  const stale = useRef<ReadonlyMap<string, number> | null>(null);
  if (stale.current === null) stale.current = new Map(pressOf);
  // When the step appeared: first rendered, then (later, so safer) committed and painted. The
  // time decides; the state below only shows it.
  const shownAt = useRef<number | null>(null);
  if (shownAt.current === null) shownAt.current = now();
  // When the press was made: the event's own time, not when a busy page got round to it, so
  // taps queued while the step was still being drawn count as what they were: too soon.
  const tooSoon = (event: { timeStamp: number }) => {
    const pressedAt = event.timeStamp > 0 ? event.timeStamp : now();
    return pressedAt - (shownAt.current ?? 0) < DWELL_MS;
  };
  const [settled, setSettled] = useState(false);
  // On screen: committed, then the frame that paints it (a busy page may take hundreds of
  // milliseconds from render to paint, and the cashier sees the step only from the paint). A
  // page that draws no frame (hidden) settles from the commit.
  useLayoutEffect(() => {
    shownAt.current = now();
    let timer = setTimeout(() => setSettled(true), DWELL_MS);
    const frame = requestAnimationFrame(() => {
      shownAt.current = now();
      // A frame later than the first timer starts the wait again: the button shows it is not
      // ready as long as it would ignore a press, never one without the other.
      setSettled(false);
      clearTimeout(timer);
      timer = setTimeout(() => setSettled(true), DWELL_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  // The press this button refused, so its Space keyup and keyboard click do nothing either.
  const refused = useRef<number | null>(null);
  const heldFromBefore = (key: string) => {
    const press = pressOf.get(key);
    return press !== undefined && stale.current?.get(key) === press;
  };

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (
      ACTIVATES.has(event.key) &&
      (event.repeat || heldFromBefore(event.key) || tooSoon(event.nativeEvent))
    ) {
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
    // click can come from a refused press (a mouse click is its own deliberate press, once the
    // dwell is over).
    if (
      event.detail > 1 ||
      (event.detail === 0 && refused.current !== null) ||
      tooSoon(event.nativeEvent)
    ) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      onKeyDown={keyDown}
      onKeyUp={keyUp}
      onClick={click}
      aria-disabled={settled ? undefined : true}
      {...props}
    />
  );
});
