import { type ReactNode, useEffect, useRef } from 'react';
import { navigate } from '../components/use-hash-route';
import { useT } from '../i18n/use-t';
import type { PrintLayoutName } from '../logic/routes';
import { useIsTraining, useReceiptWidth } from '../stores/settings-store';

/**
 * A print view is a real page: on screen it is the preview, with a toolbar that does not print;
 * on paper the layout's named @page (A4 or the receipt roll) applies. In training mode every copy
 * says it is not valid, at the top, at the bottom and across every printed page.
 */
export function PrintFrame({
  layout,
  ready,
  autoPrint,
  title,
  otherLayoutHash,
  backHash,
  actions,
  marked = true,
  children,
}: {
  layout: PrintLayoutName;
  /** The document's data is on the page (auto-print waits for it). */
  ready: boolean;
  autoPrint: boolean;
  title: string;
  otherLayoutHash: string | null;
  backHash: string;
  /** Buttons of the document's own (receipt printer, PDF), beside Print. */
  actions?: ReactNode;
  /** False where the document carries its own training mark (the one layout of it). */
  marked?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const training = useIsTraining();
  const width = useReceiptWidth();
  const printed = useRef(false);

  useEffect(() => {
    if (!autoPrint || !ready || printed.current) return;
    printed.current = true;
    // After the browser has laid the document out, so the dialog shows the whole of it.
    requestAnimationFrame(() => window.print());
  }, [autoPrint, ready]);

  const mark =
    training && marked ? (
      <p className="print-training-mark" data-testid="training-mark">
        {t('print.trainingMark')}
      </p>
    ) : null;

  return (
    <main className={`print-page print-page--${layout}`}>
      <div className="print-toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.print()}
          disabled={!ready}
        >
          {t('print.print')}
        </button>
        {actions}
        {otherLayoutHash ? (
          <button type="button" className="button" onClick={() => navigate(otherLayoutHash)}>
            {layout === 'a4' ? t('print.switchReceipt', { width }) : t('print.switchA4')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => navigate(backHash)}>
          {t('common.back')}
        </button>
        <span className="print-toolbar__layout">
          {layout === 'a4' ? t('print.layoutA4') : t('print.layoutReceipt', { width })}
        </span>
      </div>
      <article className={`print-doc print-doc--${layout}`} aria-label={title}>
        {training ? (
          <p className="print-watermark" aria-hidden="true">
            {t('print.trainingMark')}
          </p>
        ) : null}
        {mark}
        {children}
        {mark}
      </article>
    </main>
  );
}
