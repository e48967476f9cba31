// One layout description per printed document: a list of blocks. The same blocks become the
// receipt printer's text lines (text-layout.ts), the on-screen preview (those very lines) and the
// A4 page (PDF in the main process, HTML in the print view). See docs/printing.md.

/**
 * A piece of text that must never be broken across lines: an amount, an id, a time. Its spaces
 * are made non-breaking; the final line turns them back into plain spaces.
 */
export function atom(text: string): string {
  return text.replace(/[ \u202f]/g, '\u00a0');
}

export type Block =
  /** The document's name, centred and bold. */
  | { kind: 'title'; text: string }
  /** A section heading, bold, over a rule. */
  | { kind: 'heading'; text: string }
  /**
   * Running text, wrapped by words. `keepWithNext`: a line that introduces what follows (a
   * group's name) is never the last line of a page.
   */
  | {
      kind: 'text';
      text: string;
      align?: 'left' | 'center';
      bold?: boolean;
      keepWithNext?: boolean;
    }
  /** A label and its value (an atom): on one line when both fit, else the value on the next. */
  | { kind: 'field'; label: string; value: string; bold?: boolean }
  /**
   * A table row: cells (each wrapped by words, atoms kept whole) on the left, an amount on the
   * right of the first line. `subtotal` rows are bold and set off by a rule.
   */
  | { kind: 'entry'; cells: string[]; amount: string; subtotal?: boolean }
  /** Column names of the entries that follow (A4 shows them as a table head). */
  | { kind: 'columns'; cells: string[]; amount: string }
  | { kind: 'rule' }
  | { kind: 'blank' }
  /** A line to sign on, with whose signature it is under it. */
  | { kind: 'signature'; label: string }
  /** The training mark: every copy printed in training says it is not valid. */
  | { kind: 'mark'; text: string };

export type ReceiptDocument = {
  /** Which document, for file names and the preview's label. */
  name: 'sale-record' | 'undo-record' | 'day-close' | 'store-close' | 'test-page' | 'chain-day';
  title: string;
  blocks: Block[];
};

/** One line of printed text, exactly `columns` wide or less. */
export type TextLine = { text: string; bold: boolean };
