// The till's side of the sale screen: the sale it sent (reference, invoice, amount locked), the
// others waiting in a visible queue, and what the cashier must know when the till cancels or
// the service bills one. Colour never alone: each state has words and an icon.
import { useEffect, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { useSaleStore } from '../stores/sale-store';
import { BEFORE_BILLING } from '../stores/till-sale';
import { startTillPolling, type TillNotice, useTillStore } from '../stores/till-store';
import { amountText } from './amount-text';
import { DeliberateButton } from './deliberate-button';

/** Who canceled, and how much to give back when the cancel came on the "¿Recibió…?" step. */
function canceledText(
  t: ReturnType<typeof useT>,
  notice: Extract<TillNotice, { kind: 'canceled' }>,
) {
  const id = notice.request_id;
  const cents = notice.may_have_collected_cents;
  if (notice.by === 'cashier')
    return cents === null
      ? t('till.canceledHere', { id })
      : t('till.canceledHereAmount', { id, amount: formatPEN(cents) });
  return cents === null
    ? t('till.canceledByTill', { id })
    : t('till.canceledByTillAmount', { id, amount: formatPEN(cents) });
}

export function TillPanel() {
  const t = useT();
  const { queue, notice, busy, serve, cancelCurrent, dismiss } = useTillStore();
  const till = useSaleStore((s) => s.till);
  const phase = useSaleStore((s) => s.phase.name);
  // On the "¿Recibió…?" step the customer may have paid: the cancel asks first, with the amount.
  const confirmingCents = useSaleStore((s) =>
    s.phase.name === 'confirming' ? s.phase.quote.toCollect : null,
  );
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (phase !== 'confirming') setAsking(false);
  }, [phase]);

  useEffect(() => startTillPolling(), []);

  if (!till && queue.length === 0 && !notice) return null;
  const document = (d: { type: string; number?: string | undefined } | undefined) =>
    d ? t('till.document', { type: d.type, number: d.number ?? '' }).trim() : null;

  return (
    <section className="till-panel" aria-label={t('till.fromTill')}>
      <div role="alert">
        {notice?.kind === 'canceled' ? (
          <p className="note-warning till-notice">
            {/* One flex item: the sentence and its amount flow as one text beside the button. */}
            <span>⚠ {amountText(canceledText(t, notice))}</span>{' '}
            <button type="button" className="button" onClick={dismiss}>
              {t('till.dismiss')}
            </button>
          </p>
        ) : null}
        {notice?.kind === 'billed' ? (
          <p className="note-ok till-notice">
            <span>✓ {t('till.billedTell', { id: notice.request_id })}</span>{' '}
            <button type="button" className="button" onClick={dismiss}>
              {t('till.dismiss')}
            </button>
          </p>
        ) : null}
      </div>
      {till ? (
        <div className="card till-current" data-testid="till-current">
          <div>
            <h2>
              <span aria-hidden="true">⇄ </span>
              {t('till.fromTill')}
              {till.training ? <span className="till-tag">{t('till.training')}</span> : null}
            </h2>
            <p>
              <strong>{t('till.reference', { id: till.request_id })}</strong>
              {document(till.document) ? <> · {document(till.document)}</> : null} ·{' '}
              {formatPEN(till.billed_cents)}
            </p>
            <p className="field__hint">{t('till.lockedHint')}</p>
          </div>
          {BEFORE_BILLING.includes(phase) && !asking ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => (confirmingCents === null ? void cancelCurrent() : setAsking(true))}
            >
              {t(confirmingCents === null ? 'till.cancelAtCounter' : 'till.cancelConfirming')}
            </button>
          ) : null}
          {asking && confirmingCents !== null ? (
            <div className="till-cancel-ask" role="alertdialog" aria-labelledby="till-cancel-ask">
              <p id="till-cancel-ask">
                {amountText(t('till.cancelAsk', { amount: formatPEN(confirmingCents) }))}
              </p>
              <div className="button-row">
                <DeliberateButton
                  key="till-cancel-yes"
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void cancelCurrent()}
                >
                  {t('till.cancelYes')}
                </DeliberateButton>
                <button type="button" className="button" onClick={() => setAsking(false)}>
                  {t('till.cancelNo')}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      {queue.length > 0 ? (
        <div className="card till-queue">
          <h2>{t('till.queueTitle', { count: queue.length })}</h2>
          <ol>
            {queue.map((request) => (
              <li key={request.request_id}>
                <span>
                  <strong>{request.request_id}</strong> · {formatPEN(request.billed_cents)}
                  {document(request.document) ? <> · {document(request.document)}</> : null}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={
                    till !== null || !['editing', 'verify-failed', 'verified'].includes(phase)
                  }
                  onClick={() => serve(request)}
                >
                  {t('till.open')}
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
