// What the cashier or supervisor is told after a receipt print: each failure says what to check,
// always with "printing again is possible", and the technical detail for whoever fixes it.
import type { PrinterErrorCategory, PrintOutcome } from '../../shared/bridge/printer';
import type { MessageKey } from '../i18n/catalogue';
import type { T } from '../i18n/use-t';

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
  /** `detail`: the main process's technical words, null where the advice says it all. */
  | { tone: 'error'; message: MessageKey; detail: string | null };

export function printerNotice(outcome: PrintOutcome, sent: MessageKey): PrinterNotice {
  if (outcome.ok) return { tone: 'ok', message: sent };
  // "No receipt printer is set" is all there is to say, and the advice says it in the screen's
  // language: no English "technical detail" under it (issue 35 item 8).
  const detail = outcome.error.category === 'not-configured' ? null : outcome.error.detail;
  return { tone: 'error', message: ADVICE[outcome.error.category], detail };
}

/** The notice as one sentence (where it is said on one line). */
export function printerNoticeText(notice: PrinterNotice, t: T): string {
  if (notice.tone === 'ok') return t(notice.message);
  const said = `${t(notice.message)} ${t('printer.again')}`;
  return notice.detail === null
    ? said
    : `${said} ${t('printer.detail', { detail: notice.detail })}`;
}
