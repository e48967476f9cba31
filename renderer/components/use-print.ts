import { useState } from 'react';
import type { BridgeArgs } from '../../shared/bridge';
import type { DocumentRequest } from '../../shared/bridge/printer';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { printerNotice, printerNoticeText } from '../logic/printer-outcome';
import { withAutoPrint } from '../logic/routes';
import { navigate } from './use-hash-route';

/**
 * Printing goes through the main process (it prints or saves a PDF without a dialog); in browser
 * mode it answers `browser-print` and the print view opens and prints itself.
 */
export function usePrint() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const run = async (args: BridgeArgs<'print.document'>) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const answer = await call('print.document', args);
    setBusy(false);
    if (!answer.ok) {
      setMessage(t('print.failed', { reason: answer.error.message }));
      return;
    }
    if (answer.result.handled) {
      setMessage(
        answer.result.pdf_path
          ? t('print.savedPdf', { path: answer.result.pdf_path })
          : t('print.sent'),
      );
      return;
    }
    navigate(withAutoPrint(args.route));
  };
  /** The document on the receipt printer, by the main process (ESC/POS). */
  const receipt = async (request: DocumentRequest) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const answer = await call('receipt.print', { request });
    setBusy(false);
    if (!answer.ok) return setMessage(t('print.failed', { reason: answer.error.message }));
    setMessage(printerNoticeText(printerNotice(answer.result, 'printer.sent'), t));
  };
  /** The A4 PDF, written by the main process in the terminal's prints folder. */
  const pdf = async (request: DocumentRequest) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const answer = await call('print.pdf', { request });
    setBusy(false);
    setMessage(
      answer.ok
        ? t('print.savedPdf', { path: answer.result.pdf_path })
        : t('print.failed', { reason: answer.error.message }),
    );
  };
  return { run, receipt, pdf, busy, message };
}
