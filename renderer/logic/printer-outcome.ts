// What the cashier or supervisor is told after a receipt print: each failure says what to check,
// always with "printing again is possible", and the technical detail for whoever fixes it.
import type { PrinterErrorCategory, PrintOutcome } from '../../shared/bridge/printer';
import type { MessageKey } from '../i18n/catalogue';

const ADVICE: Record<PrinterErrorCategory, MessageKey> = {
  refused: 'printer.error.refused',
  unreachable: 'printer.error.unreachable',
  'no-answer': 'printer.error.no-answer',
  closed: 'printer.error.closed',
  'paper-out': 'printer.error.paper-out',
  'queue-missing': 'printer.error.queue-missing',
  'queue-unavailable': 'printer.error.queue-unavailable',
  'queue-failed': 'printer.error.queue-failed',
  'not-configured': 'printer.error.not-configured',
};

export type PrinterNotice =
  | { tone: 'ok'; message: MessageKey }
  | { tone: 'error'; message: MessageKey; detail: string };

export function printerNotice(outcome: PrintOutcome, sent: MessageKey): PrinterNotice {
  if (outcome.ok) return { tone: 'ok', message: sent };
  return { tone: 'error', message: ADVICE[outcome.error.category], detail: outcome.error.detail };
}
