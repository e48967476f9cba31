import type { ReactNode } from 'react';

/** formatPEN's output in a text: `S/`, its no-break space, the figure (maybe signed). */
const AMOUNT = /(-?S\/\u00a0-?\d{1,3}(?:,\d{3})*\.\d{2})/;

/**
 * A sentence with amounts in it, each amount in a span that never wraps, so `S/ 1,250.00`
 * stays whole at the end of a line (docs/decisions.md "Counter details (issue 10, second
 * round)": amounts never break after "S/"). The text is the same; only the breaks change.
 */
export function amountText(text: string): ReactNode {
  const parts = text.split(AMOUNT);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order.
      <span key={index} className="amount">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
