// The receipt printer, as the bridge carries it: where it is, how wide its paper is, and what
// came of a print. Errors are values with a category; the renderer turns each into what to do.
import { z } from 'zod';

/**
 * `tcp://host[:port]` (a network printer's raw port, 9100 unless given) or `queue:NAME` (an OS
 * print queue, printed raw). Host names are letters, digits, dots and dashes (or an IPv4).
 */
export const PrinterAddress = z
  .string()
  .trim()
  .max(200)
  .regex(/^(tcp:\/\/[A-Za-z0-9.-]{1,253}(:\d{1,5})?|queue:[A-Za-z0-9._-]{1,127})$/, {
    message: 'tcp://host:port or queue:NAME',
  });

export const ReceiptColumnsSchema = z.union([z.literal(32), z.literal(42), z.literal(48)]);

export const ReceiptPrinterSettings = z.object({
  address: PrinterAddress,
  columns: ReceiptColumnsSchema,
});
export type ReceiptPrinterSettings = z.infer<typeof ReceiptPrinterSettings>;

/**
 * - `refused`: nothing listens there (off, wrong port);
 * - `unreachable`: no route or no such host (unplugged, wrong address);
 * - `no-answer`: it did not answer in time, or stopped taking data (jammed, cover open);
 * - `closed`: it closed the connection before the job was all sent;
 * - `paper-out`: it says it has no paper;
 * - `queue-missing`: the OS has no such print queue; `queue-unavailable`: no print system (CUPS
 *   `lp`) on this machine; `queue-failed`: the print system refused the job;
 * - `not-configured`: no receipt printer is set.
 */
export const PrinterErrorCategory = z.enum([
  'refused',
  'unreachable',
  'no-answer',
  'closed',
  'paper-out',
  'queue-missing',
  'queue-unavailable',
  'queue-failed',
  'not-configured',
]);
export type PrinterErrorCategory = z.infer<typeof PrinterErrorCategory>;

export const PrinterError = z.object({
  category: PrinterErrorCategory,
  /** Technical detail for the log and the details line (no secrets: an address, an OS code). */
  detail: z.string().max(500),
});
export type PrinterError = z.infer<typeof PrinterError>;

export const PrintOutcome = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), bytes: z.int().nonnegative() }),
  z.object({ ok: z.literal(false), error: PrinterError }),
]);
export type PrintOutcome = z.infer<typeof PrintOutcome>;

/** The layout description of a printed document (shared/receipt/blocks.ts), as it crosses. */
const Text = z.string().max(2_000);
export const BlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('title'), text: Text }),
  z.object({ kind: z.literal('heading'), text: Text }),
  z.object({
    kind: z.literal('text'),
    text: Text,
    align: z.enum(['left', 'center']).optional(),
    bold: z.boolean().optional(),
    keepWithNext: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('field'), label: Text, value: Text, bold: z.boolean().optional() }),
  z.object({
    kind: z.literal('entry'),
    cells: z.array(Text).max(12),
    amount: Text,
    subtotal: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('columns'), cells: z.array(Text).max(12), amount: Text }),
  z.object({ kind: z.literal('rule') }),
  z.object({ kind: z.literal('blank') }),
  z.object({ kind: z.literal('signature'), label: Text }),
  z.object({ kind: z.literal('mark'), text: Text }),
]);

export const PrintedDocumentName = z.enum([
  'sale-record',
  'undo-record',
  'day-close',
  'store-close',
]);
export type PrintedDocumentName = z.infer<typeof PrintedDocumentName>;

/** Which document: a journaled operation's record, or a store day's close. */
export const DocumentRequest = z.discriminatedUnion('document', [
  z.strictObject({ document: z.literal('sale-record'), op_id: z.uuid() }),
  z.strictObject({ document: z.literal('undo-record'), op_id: z.uuid() }),
  z.strictObject({
    document: z.literal('day-close'),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** The store's day close (needs a store database): its record once closed, else a draft. */
  z.strictObject({
    document: z.literal('store-close'),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
]);
export type DocumentRequest = z.infer<typeof DocumentRequest>;

export const TextLineSchema = z.object({ text: z.string(), bold: z.boolean() });

export const ReceiptPreview = z.object({
  name: z.enum([
    'sale-record',
    'undo-record',
    'day-close',
    'store-close',
    'test-page',
    'chain-day',
  ]),
  title: z.string(),
  blocks: z.array(BlockSchema),
  /** The receipt printer's columns (the configured printer's, else 48). */
  columns: ReceiptColumnsSchema,
  /** Exactly the lines the receipt printer gets. */
  lines: z.array(TextLineSchema),
  printer: ReceiptPrinterSettings.nullable(),
});
export type ReceiptPreview = z.infer<typeof ReceiptPreview>;
