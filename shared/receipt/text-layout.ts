// Blocks → lines of a receipt printer's fixed columns (32 on 58 mm paper, 42 or 48 on 80 mm).
// Words wrap; atoms (amounts, ids, times: their spaces are non-breaking) never do, unless an atom
// alone is wider than the paper, which no document here makes (tested at 32 columns).
import type { Block, TextLine } from './blocks';
import { printable } from './code-page';

export const RECEIPT_COLUMNS = [32, 42, 48] as const;
export type ReceiptColumns = (typeof RECEIPT_COLUMNS)[number];

const length = (text: string) => [...text].length;

/** Words of a text: split at plain spaces only (atoms hold non-breaking ones). */
function words(text: string): string[] {
  return text.split(/[ \t\r\n]+/).filter((word) => word.length > 0);
}

/** Cuts a word wider than the line into pieces; the last resort, see above. */
function hardSplit(word: string, width: number): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += width) pieces.push(chars.slice(i, i + width).join(''));
  return pieces;
}

/** Fills lines of `width` with words; the first line may be narrower (room kept at its right). */
export function wrapWords(text: string, width: number, firstWidth = width): string[] {
  const lines: string[] = [];
  let current = '';
  const limit = () => (lines.length === 0 ? firstWidth : width);
  for (const word of words(text)) {
    const candidate = current ? `${current} ${word}` : word;
    if (length(candidate) <= limit()) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    if (length(word) <= limit()) current = word;
    else {
      const pieces = hardSplit(word, width);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1) ?? '';
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

function center(text: string, width: number): string {
  const pad = Math.max(0, Math.floor((width - length(text)) / 2));
  return `${' '.repeat(pad)}${text}`;
}

function spread(left: string, right: string, width: number): string {
  return `${left}${' '.repeat(Math.max(1, width - length(left) - length(right)))}${right}`;
}

/** Left text with a right-hand value on its first line, or the value alone on a line after. */
function leftAndRight(left: string, right: string, width: number, indent: number): string[] {
  const room = width - length(right) - 1;
  const first = room > 0 ? wrapWords(left, width, room) : [];
  if (room <= 0 || length(first[0] ?? '') > room) {
    // A value as wide as the paper (a draft close's state words) wraps under its label, at the
    // right where it fits.
    const value = length(right) < width ? [spread('', right, width)] : wrapWords(right, width - 1);
    return [
      ...wrapWords(left, width),
      ...value.map((line) => (line.startsWith(' ') ? line : ` ${line}`)),
    ];
  }
  const pad = ' '.repeat(indent);
  const rest = first.length > 1 ? wrapWords(first.slice(1).join(' '), width - indent) : [];
  return [spread(first[0] ?? '', right, width), ...rest.map((line) => `${pad}${line}`)];
}

function blockLines(block: Block, width: number): TextLine[] {
  const plain = (text: string) => ({ text, bold: false });
  const bold = (text: string) => ({ text, bold: true });
  switch (block.kind) {
    case 'title':
      return wrapWords(block.text, width).map((line) => bold(center(line, width)));
    case 'heading':
      return [...wrapWords(block.text, width).map(bold), plain('-'.repeat(width))];
    case 'text': {
      const lines = wrapWords(block.text, width);
      const shaped = block.align === 'center' ? lines.map((l) => center(l, width)) : lines;
      return shaped.map((text) => ({ text, bold: block.bold === true }));
    }
    case 'field':
      return leftAndRight(block.label, block.value, width, 2).map((text) => ({
        text,
        bold: block.bold === true,
      }));
    case 'columns':
      return [
        ...leftAndRight(block.cells.join(' '), block.amount, width, 2).map(bold),
        plain('-'.repeat(width)),
      ];
    case 'entry': {
      const lines = leftAndRight(block.cells.join(' '), block.amount, width, 2);
      return block.subtotal ? [plain('-'.repeat(width)), ...lines.map(bold)] : lines.map(plain);
    }
    case 'rule':
      return [plain('='.repeat(width))];
    case 'blank':
      return [plain('')];
    case 'signature':
      return [
        plain(''),
        plain(''),
        plain(center('_'.repeat(Math.min(width, 30)), width)),
        ...wrapWords(block.label, width).map((line) => plain(center(line, width))),
      ];
    case 'mark': {
      // Framed by stars where the paper is wide enough, the bare words where it is not.
      const framed = `*** ${block.text} ***`;
      const text = length(framed) <= width ? framed : block.text;
      return wrapWords(text, width).map((line) => bold(center(line, width)));
    }
  }
}

/** The document as the printer prints it and the preview shows it, line for line. */
export function layoutText(blocks: readonly Block[], columns: number): TextLine[] {
  const lines: TextLine[] = [];
  for (const block of blocks) {
    for (const line of blockLines(block, columns)) {
      lines.push({ text: printable(line.text).trimEnd(), bold: line.bold });
    }
  }
  return lines;
}
