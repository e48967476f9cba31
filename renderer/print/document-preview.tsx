import { useEffect, useState } from 'react';
import type { DocumentRequest, ReceiptPreview } from '../../shared/bridge/printer';
import { call } from '../bridge/call';
import { GuidancePanel } from '../components/guidance-panel';
import { PrinterNoticeView } from '../components/printer-notice-view';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { type PrinterNotice, printerNotice } from '../logic/printer-outcome';
import type { PrintLayoutName } from '../logic/routes';
import { BlockPage } from './block-page';
import { PrintFrame } from './print-frame';
import { ReceiptLines } from './receipt-lines';

/**
 * A printed document's preview, from the main process's one layout of it: on 80 mm the very
 * lines the receipt printer gets (and a button to send them there), on A4 the same blocks as a
 * page (printed by the system, or saved as the main process's PDF).
 */
export function DocumentPreview({
  request,
  layout,
  auto,
  otherLayoutHash,
  backHash,
}: {
  request: DocumentRequest | null;
  layout: PrintLayoutName;
  auto: boolean;
  otherLayoutHash: string | null;
  backHash: string;
}) {
  const t = useT();
  const [preview, setPreview] = useState<ReceiptPreview | null>(null);
  const [error, setError] = useState<Guidance | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PrinterNotice | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!key) return;
    let alive = true;
    void call('receipt.preview', { request: JSON.parse(key) }).then((answer) => {
      if (!alive) return;
      if (answer.ok) setPreview(answer.result);
      else setError(guidanceForBridgeError('day-summary', answer.error, answer.lost));
    });
    return () => {
      alive = false;
    };
  }, [key]);

  const toPrinter = async () => {
    if (!request || busy) return;
    setBusy(true);
    setNotice(null);
    const answer = await call('receipt.print', { request });
    setBusy(false);
    if (answer.ok) setNotice(printerNotice(answer.result, 'printer.sent'));
    else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const savePdf = async () => {
    if (!request || busy) return;
    setBusy(true);
    const answer = await call('print.pdf', { request });
    setBusy(false);
    if (answer.ok) setPdf(answer.result.pdf_path);
    else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const actions =
    layout === 'receipt80' ? (
      <button
        type="button"
        className="button button--primary"
        disabled={!preview || busy}
        onClick={() => void toPrinter()}
        data-testid="print-receipt-printer"
      >
        {t('print.toReceiptPrinter')}
      </button>
    ) : (
      <button
        type="button"
        className="button"
        disabled={!preview || busy}
        onClick={() => void savePdf()}
      >
        {t('print.savePdf')}
      </button>
    );

  return (
    <PrintFrame
      layout={layout}
      ready={preview !== null}
      autoPrint={auto}
      title={preview?.title ?? t('print.loading')}
      otherLayoutHash={otherLayoutHash}
      backHash={backHash}
      actions={actions}
      marked={false}
    >
      {error ? <GuidancePanel guidance={error} /> : null}
      <PrinterNoticeView notice={notice} />
      {pdf ? <p role="status">{t('print.savedPdf', { path: pdf })}</p> : null}
      {!preview && !error ? <p className="muted">{t('print.loading')}</p> : null}
      {preview ? (
        layout === 'receipt80' ? (
          <ReceiptLines preview={preview} />
        ) : (
          <BlockPage blocks={preview.blocks} />
        )
      ) : null}
    </PrintFrame>
  );
}
