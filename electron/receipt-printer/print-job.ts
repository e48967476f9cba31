// One receipt print: a document's lines at the printer's columns, encoded and sent to the
// printer's address. The answer is a value, so a failed print never throws into a sale.
import type { PrintOutcome } from '../../shared/bridge/printer';
import { layoutText, type ReceiptDocument } from '../../shared/receipt';
import { parseAddress } from './address';
import { encodeReceipt } from './escpos';
import { PrinterFailure } from './printer-failure';
import { type QueueOptions, sendToQueue } from './queue-transport';
import { DEFAULT_TCP_TIMEOUTS, sendOverTcp, type TcpTimeouts } from './tcp-transport';

export type PrinterTarget = { address: string; columns: number };
export type SendOptions = { tcp?: Partial<TcpTimeouts>; queue?: QueueOptions };

export async function sendJob(
  address: string,
  job: Uint8Array,
  options: SendOptions = {},
): Promise<PrintOutcome> {
  const parsed = parseAddress(address);
  try {
    if (!parsed) throw new PrinterFailure('not-configured', `not a printer address: ${address}`);
    if (parsed.kind === 'tcp') {
      await sendOverTcp(parsed, job, { ...DEFAULT_TCP_TIMEOUTS, ...options.tcp });
    } else {
      await sendToQueue(parsed.name, job, options.queue);
    }
    return { ok: true, bytes: job.length };
  } catch (error) {
    if (error instanceof PrinterFailure) return { ok: false, error: error.toValue() };
    throw error;
  }
}

export function printDocument(
  document: ReceiptDocument,
  target: PrinterTarget,
  options: SendOptions = {},
): Promise<PrintOutcome> {
  const lines = layoutText(document.blocks, target.columns);
  return sendJob(target.address, encodeReceipt(lines, target.columns), options);
}
