import { useState } from 'react';
import type { BridgeArgs } from '../../shared/bridge';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
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
  return { run, busy, message };
}
