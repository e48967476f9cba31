import type { ReactNode } from 'react';

/** A button's label while its call is in flight: the words change, not only the look. */
export function BusyLabel({
  busy,
  idle,
  working,
}: {
  busy: boolean;
  idle: ReactNode;
  working: string;
}) {
  return busy ? (
    <>
      <span className="spinner" aria-hidden="true" /> {working}
    </>
  ) : (
    idle
  );
}
