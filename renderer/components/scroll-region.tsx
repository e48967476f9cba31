import type { ReactNode, Ref } from 'react';

/**
 * A box that scrolls on its own. It takes keyboard focus (WCAG 2.1.1) so a cashier without a
 * mouse can scroll it with the arrow keys; it is a named region so the focus stop makes sense.
 */
export function ScrollRegion({
  label,
  className,
  children,
  ref,
}: {
  label: string;
  className: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section
      ref={ref}
      className={className}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      aria-label={label}
    >
      {children}
    </section>
  );
}
