// Text lines → ESC/POS bytes, with the well-kept encoder rather than hand-written commands:
// initialize (ESC @), code page 850 (ESC t, so á é í ó ú ñ ¿ ¡ print), each line with its bold,
// a few blank lines and a partial cut (GS V). The lines are the layout's, so the paper gets what
// the preview showed.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { TextLine } from '../../shared/receipt';

export function encodeReceipt(lines: readonly TextLine[], columns: number): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    // Epson's numbering of code pages, which most ESC/POS printers follow (cp850 = ESC t 2).
    codepageMapping: 'epson',
    feedBeforeCut: 4,
    errors: 'relaxed',
    newline: '\n',
  });
  encoder.initialize().codepage('cp850');
  for (const line of lines) {
    if (line.bold) encoder.bold(true);
    encoder.line(line.text);
    if (line.bold) encoder.bold(false);
  }
  return encoder.cut('partial').encode();
}
