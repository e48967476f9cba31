// Bridge methods of printed documents: the preview (exactly the receipt printer's lines), the
// receipt printer, the printer settings' test page, and the A4 PDF written by the main process.
import { z } from 'zod';
import {
  DocumentRequest,
  PrintOutcome,
  ReceiptColumnsSchema,
  ReceiptPreview,
  ReceiptPrinterSettings,
} from './printer';
import { SupervisorPin } from './settings';

export const receiptMethods = {
  /** The document laid out for the receipt printer (its columns, or `columns` if given). */
  'receipt.preview': {
    args: z.strictObject({ request: DocumentRequest, columns: ReceiptColumnsSchema.optional() }),
    result: ReceiptPreview,
  },
  /** Prints on the configured receipt printer; a failure is a value, never a thrown sale. */
  'receipt.print': {
    args: z.strictObject({ request: DocumentRequest }),
    result: PrintOutcome,
  },
  /**
   * The printer settings' "print test page", to the printer being set up (saved or not): it
   * opens a connection to an address the caller gives, so it takes the supervisor PIN.
   */
  'receipt.testPage': {
    args: z.strictObject({ pin: SupervisorPin, printer: ReceiptPrinterSettings }),
    result: PrintOutcome,
  },
  /** The A4 PDF of a document, written in the terminal's prints folder. */
  'print.pdf': {
    args: z.strictObject({ request: DocumentRequest }),
    result: z.object({ pdf_path: z.string(), pages: z.int().positive().optional() }),
  },
} as const;
