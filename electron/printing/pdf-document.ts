// A printed document's blocks → an A4 PDF, in the main process with pdfkit: the same layout
// description the receipt printer and the preview use, set in proportional type with columns.
// 10,000 detail rows take well under the 2 s goal (npm run bench: summary_pdf_ms).
import type PDFKitDocument from 'pdfkit';
import type { Block, ReceiptDocument } from '../../shared/receipt';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { cacheGlyphsByCharacter } from './glyph-cache';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const RIGHT = A4.width - MARGIN;
const BOTTOM = A4.height - MARGIN - 14;
const AMOUNT_WIDTH = 110;
const SIZE = 9;
const ROW = 12.5;
/** The space kept between two columns' texts. */
const GAP = 10;

/**
 * The columns of an entry: its first cell, the rest of its cells, its amount (right-aligned in
 * the last AMOUNT_WIDTH). A cell wider than its column wraps inside it, by words, so a long
 * refusal never runs over the amount or off the page (issue "A counter that has gone silent",
 * items 5 and 13).
 */
const REST_X = MARGIN + 150;
const CELL_X = [MARGIN, REST_X] as const;
const CELL_WIDTH = [REST_X - MARGIN - GAP, RIGHT - AMOUNT_WIDTH - REST_X] as const;

/** Where a field's value ends (right-aligned); its label wraps to the left of it. */
const FIELD_RIGHT = MARGIN + 300;

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** Text to wrap: an atom's no-break spaces stay, so the line breaker never splits it. */
const unbroken = (text: string) => text.replace(/\u202f/g, '\u00a0');

/**
 * pdfkit is loaded on the first PDF, not at start: with its font machinery (fontkit, the line
 * breaker's Unicode tables, brotli) it was the largest part of the host's start-up after Fastify,
 * and a bundle would hoist a static import to the top (docs/decisions.md "Start-up").
 */
let pdfkit: Promise<typeof PDFKitDocument> | null = null;
const loadPdfkit = () => {
  pdfkit ??= import('pdfkit').then(
    (module) => module.default,
    (error: unknown) => {
      pdfkit = null; // the next PDF tries again
      throw error;
    },
  );
  return pdfkit;
};

export async function renderPdf(
  document: ReceiptDocument,
  options: { mark?: string } = {},
): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: plain(document.title), Creator: 'Mostrador' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  cacheGlyphsByCharacter(doc, ['regular', 'bold']);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = MARGIN;
  let columns: Extract<Block, { kind: 'columns' }> | null = null;
  const font = (bold: boolean, size = SIZE) => doc.font(bold ? 'bold' : 'regular').fontSize(size);
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    if (columns) row(columns.cells, columns.amount, true);
  };
  const room = (height: number) => {
    if (y + height > BOTTOM) newPage();
  };
  const line = (x1: number, x2: number, at: number, width = 0.5) => {
    doc.moveTo(x1, at).lineTo(x2, at).lineWidth(width).strokeColor('#000').stroke();
  };
  /**
   * A text in a column at y: on one line when it fits (the common case, and the fast one: 10,000
   * rows), else wrapped by words within the column's width. Returns the height it takes.
   */
  const cell = (text: string, x: number, width: number, draw: boolean): number => {
    if (text === '') return ROW;
    if (doc.widthOfString(plain(text)) <= width) {
      if (draw) doc.text(plain(text), x, y, { lineBreak: false });
      return ROW;
    }
    const options = { width, lineGap: ROW - doc.currentLineHeight() };
    if (draw) doc.text(unbroken(text), x, y, options);
    return Math.max(ROW, doc.heightOfString(unbroken(text), options));
  };
  /** The height a row takes: its tallest cell. */
  const rowHeight = (cells: readonly string[], bold: boolean) => {
    font(bold);
    const [first = '', ...rest] = cells;
    return Math.max(
      cell(first, CELL_X[0], CELL_WIDTH[0], false),
      cell(rest.join('   '), CELL_X[1], CELL_WIDTH[1], false),
    );
  };
  const row = (cells: readonly string[], amount: string, bold: boolean) => {
    font(bold);
    const [first = '', ...rest] = cells;
    const height = Math.max(
      cell(first, CELL_X[0], CELL_WIDTH[0], true),
      cell(rest.join('   '), CELL_X[1], CELL_WIDTH[1], true),
    );
    const right = plain(amount);
    doc.text(right, RIGHT - doc.widthOfString(right), y, { lineBreak: false });
    y += height;
  };
  const wrapped = (
    text: string,
    bold: boolean,
    align: 'left' | 'center',
    size = SIZE + 1,
    below = 0,
  ) => {
    font(bold, size);
    const width = RIGHT - MARGIN;
    const height = doc.heightOfString(plain(text), { width });
    // `below`: room for what must stand on the same page under it (a group's first entry).
    room(height + below);
    doc.text(plain(text), MARGIN, y, { width, align });
    y += height + 3;
  };

  for (const block of document.blocks) {
    switch (block.kind) {
      case 'title':
        wrapped(block.text, true, 'center', 16);
        break;
      case 'heading':
        columns = null;
        room(ROW * 4);
        y += 8;
        wrapped(block.text, true, 'left', 12);
        line(MARGIN, RIGHT, y - 1);
        y += 3;
        break;
      case 'text':
        wrapped(
          block.text,
          block.bold === true,
          block.align ?? 'left',
          SIZE + 1,
          block.keepWithNext ? ROW + 6 : 0,
        );
        break;
      case 'field': {
        // The label wraps in the room the value leaves it; a value too wide for that goes on
        // the line under its label, as on the receipt.
        font(block.bold === true, SIZE + 1);
        const value = plain(block.value);
        const valueWidth = doc.widthOfString(value);
        font(false, SIZE + 1);
        const labelRoom = FIELD_RIGHT - MARGIN - valueWidth - GAP;
        const apart = labelRoom < 80;
        const labelWidth = apart ? FIELD_RIGHT - MARGIN : labelRoom;
        const labelHeight = Math.max(
          ROW,
          doc.heightOfString(unbroken(block.label), { width: labelWidth }),
        );
        room((apart ? labelHeight + ROW : labelHeight) + 2);
        doc.text(unbroken(block.label), MARGIN, y, { width: labelWidth });
        if (apart) y += labelHeight;
        font(block.bold === true, SIZE + 1);
        doc.text(value, FIELD_RIGHT - valueWidth, y, { lineBreak: false });
        y += (apart ? ROW : labelHeight) + 2;
        break;
      }
      case 'columns':
        room(ROW * 3);
        columns = block;
        row(block.cells, block.amount, true);
        line(MARGIN, RIGHT, y - 2);
        y += 2;
        break;
      case 'entry':
        room(rowHeight(block.cells, block.subtotal === true) + (block.subtotal ? 6 : 0));
        if (block.subtotal) {
          line(RIGHT - AMOUNT_WIDTH, RIGHT, y - 1);
          y += 3;
        }
        row(block.cells, block.amount, block.subtotal === true);
        if (block.subtotal) y += 4;
        break;
      case 'rule':
        room(10);
        y += 4;
        line(MARGIN, RIGHT, y, 1);
        y += 6;
        break;
      case 'blank':
        y += ROW;
        break;
      case 'signature':
        columns = null;
        room(60);
        y += 40;
        line(MARGIN, MARGIN + 220, y, 0.8);
        y += 4;
        font(false, SIZE);
        doc.text(plain(block.label), MARGIN, y, { lineBreak: false });
        y += ROW;
        break;
      case 'mark':
        wrapped(block.text, true, 'center', 12);
        break;
    }
  }
  footer(doc, plain(document.title), options.mark ? plain(options.mark) : null);
  doc.end();
  return done;
}

/** Page n of m under every page, and the training mark on every page in training. */
function footer(doc: PDFKit.PDFDocument, title: string, mark: string | null) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc.font('regular').fontSize(8);
    const text = `${title} · ${index + 1}/${range.count}${mark ? ` · ${mark}` : ''}`;
    // The bottom margin would push text below it onto a new page; lift it for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(text, MARGIN, A4.height - MARGIN + 4, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.flushPages();
}
