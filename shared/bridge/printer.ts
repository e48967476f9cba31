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
