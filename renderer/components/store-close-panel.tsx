// The store's day close on the day summary screen (F6) when a store database is set: the state,
// the exceptions first, each counter's freshness and figures, the close form (supervisor PIN),
// printing and CSV. docs/decisions.md "The store's day close".
import { type FormEvent, useId, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { formatStoreMoment } from '../../shared/domain/store-time';
import type { CloseException } from '../../shared/store/close-record';
import { silentNotNamed } from '../../shared/store/store-close';
import { useT } from '../i18n/use-t';
import { storeCloseCsv, storeCloseCsvFileName } from '../logic/store-close-csv';
import {
  arrivedText,
  cashierLines,
  exceptionText,
  freshnessText,
  refusedDayText,
  refusedNoteText,
  refusedOpenText,
  refusedSilentText,
  serviceLine,
  silentHolding,
  unavailableText,
  undoneWhereLines,
} from '../logic/store-close-text';
import { useReceiptWidth, useSettingsStore } from '../stores/settings-store';
import { useStoreCloseStore } from '../stores/store-close-store';
import { BusyLabel } from './busy-label';
import { downloadCsv } from './download-csv';
import { GuidancePanel } from './guidance-panel';
import { PaperButtons } from './paper-buttons';
import { ScrollRegion } from './scroll-region';
import { usePrint } from './use-print';

function exceptionKey(e: CloseException): string {
  if (e.kind === 'open') return `open-${e.op_id}`;
  if (e.kind === 'stopped') return `stopped-${e.terminal_id}`;
  if (e.kind === 'silent') return `silent-${e.terminal_id}`;
  if (e.kind === 'record-held') return `record-held-${e.terminal_id}`;
  if (e.kind === 'held') return `held-${e.hold_id}`;
  return `${e.status}-${e.identity}`;
}

const money = (cents: number | null) => (cents === null ? '—' : formatPEN(cents));

export function StoreClosePanel() {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const language = settings?.language ?? 'es-PE';
  const width = useReceiptWidth();
  const print = usePrint();
  const {
    status,
    view,
    error,
    closing,
    answer,
    closeError,
    load,
    close,
    markOff,
    practiceReconnect,
    day,
  } = useStoreCloseStore();
  const [supervisor, setSupervisor] = useState('');
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [markTried, setMarkTried] = useState(false);
  const ids = useId();

  if (status === 'idle' || status === 'absent') return null;
  if (status === 'loading' && !view) {
    return (
      <section className="card" aria-labelledby={`${ids}-title`} aria-busy="true">
        <h2 id={`${ids}-title`}>{t('storeClose.title')}</h2>
        <p role="status">{t('storeClose.loading')}</p>
      </section>
    );
  }
  if (status === 'failed' || !view) {
    const said = error ? unavailableText(error, t) : null;
    return (
      <section className="card" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{t('storeClose.title')}</h2>
        <p role="alert">{said?.text ?? t('storeClose.cannotRead')}</p>
        {said ? (
          <details className="guidance__details">
            <summary>{t('storeClose.detailsTech')}</summary>
            <code>{said.details}</code>
          </details>
        ) : null}
        <button type="button" className="button" onClick={() => day && void load(day)}>
          {t('storeClose.retry')}
        </button>
      </section>
    );
  }

  const stored = view.stored;
  const content = stored?.content ?? view.draft;
  const zone = content.time_zone;
  const moment = (iso: string) => formatStoreMoment(iso, zone, language);
  const exceptions = content.exceptions;
  // Sales undone counted at the counter that sold them (`/3`); a `/2` close kept the undos made.
  const salesUndone = content.counters.every((c) => c.sales_undone !== undefined)
    ? content.counters.reduce((n, c) => n + (c.sales_undone ?? 0), 0)
    : content.totals.undone;
  const undoneLines = undoneWhereLines(content, t);
  const needsNote = !stored && exceptions.length > 0;
  const supervisorOk = supervisor.trim().length >= 2;
  const noteOk = !needsNote || note.trim().length > 0;
  const refusal = view.refusal;
  // A silent counter with work that day: the note must name it before the day can be closed.
  const unnamed = stored ? [] : silentNotNamed(view.draft, note);
  const reasonId = `${ids}-reason`;
  const reason = stored
    ? null
    : refusal?.reason === 'day-not-ended'
      ? refusedDayText(view.day, refusal.today, t, language)
      : refusal
        ? refusedOpenText(refusal.count, t, silentHolding(view.draft))
        : unnamed.length > 0 && (tried || note.trim().length > 0)
          ? refusedSilentText(unnamed, t)
          : tried && !supervisorOk
            ? t('storeClose.needSupervisor')
            : tried && !noteOk
              ? refusedNoteText(exceptions.length, t)
              : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (refusal || unnamed.length > 0 || !supervisorOk || !noteOk || pin.length === 0) return;
    void close({ pin, supervisor: supervisor.trim(), note }).then(() => setPin(''));
  };

  // A silent counter marked off for the day with the form's supervisor and PIN (recorded).
  const markOffCounter = (terminalId: string) => {
    // Says what is missing only while it is missing: not after the counter was marked off.
    setMarkTried(!supervisorOk || pin.length === 0);
    if (!supervisorOk || pin.length === 0) return;
    void markOff({ terminal_id: terminalId, pin, supervisor: supervisor.trim() }).then(() =>
      setPin(''),
    );
  };

  const exportCsv = () => {
    const csv = storeCloseCsv(
      content,
      stored,
      view.arrived_after,
      [
        [t('summary.csv.store'), settings?.store_name ?? view.store],
        [t('summary.csv.day'), view.day],
        [
          t('storeClose.title'),
          stored
            ? t('storeClose.stateClosed', {
                who: stored.content.closed?.supervisor ?? '',
                at: moment(stored.content.as_of),
                from:
                  stored.content.closed?.terminal_name ?? stored.content.closed?.terminal_id ?? '',
              })
            : t('storeClose.stateDraft', { at: moment(content.as_of) }),
        ],
      ],
      t,
      language,
    );
    downloadCsv(storeCloseCsvFileName(view.day, view.mode === 'training', t), csv);
  };

  return (
    <section className="card store-close" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('storeClose.title')}</h2>
      <p>{t('storeClose.lead')}</p>
      <p
        className={stored ? 'recon recon--matched' : 'recon recon--pending'}
        data-testid="store-close-state"
      >
        <strong>
          {stored
            ? t('storeClose.stateClosed', {
                who: stored.content.closed?.supervisor ?? '',
                at: moment(stored.content.as_of),
                from:
                  stored.content.closed?.terminal_name ?? stored.content.closed?.terminal_id ?? '',
              })
            : t('storeClose.stateDraft', { at: moment(content.as_of) })}
        </strong>
      </p>
      {stored ? (
        <p className="store-close-hash" data-testid="store-close-hash">
          {t('storeClose.hash', { hash: stored.sha256 })}
        </p>
      ) : null}
      {stored?.content.closed?.note ? (
        <p>{t('storeClose.note', { note: stored.content.closed.note })}</p>
      ) : null}

      <h3 id={`${ids}-exc`}>{t('storeClose.exceptions', { count: exceptions.length })}</h3>
      {exceptions.length === 0 ? (
        <p>{t('storeClose.exceptionsNone')}</p>
      ) : (
        <ul
          aria-labelledby={`${ids}-exc`}
          className="store-close-list"
          data-testid="store-close-exceptions"
        >
          {exceptions.map((e) => (
            <li
              key={exceptionKey(e)}
              className={`recon recon--${e.kind === 'open' || e.kind === 'held' ? 'pending' : 'missing'}`}
            >
              <span aria-hidden="true">{e.kind === 'open' || e.kind === 'held' ? '⚠ ' : '✕ '}</span>
              {exceptionText(e, content, t, language)}
              {e.kind === 'silent' && !e.marked_off && !stored && view.practice === null ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={closing}
                    onClick={() => markOffCounter(e.terminal_id)}
                  >
                    {t('storeClose.markOff', {
                      name:
                        content.counters.find((c) => c.terminal_id === e.terminal_id)
                          ?.terminal_name ?? e.terminal_id,
                    })}
                  </button>
                </>
              ) : null}
              {e.kind === 'silent' && !stored && view.practice !== null ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={closing}
                    onClick={() => void practiceReconnect()}
                  >
                    {t('storeClose.practiceReconnect', {
                      name:
                        content.counters.find((c) => c.terminal_id === e.terminal_id)
                          ?.terminal_name ?? e.terminal_id,
                    })}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {view.arrived_after.length > 0 ? (
        <>
          <h3 id={`${ids}-late`}>
            {t('storeClose.arrivedAfter', { count: view.arrived_after.length })}
          </h3>
          <ul
            aria-labelledby={`${ids}-late`}
            className="store-close-list"
            data-testid="store-close-arrived"
          >
            {view.arrived_after.map((row) => (
              <li key={row.op_id}>{arrivedText(row, content, t, language)}</li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 id={`${ids}-fresh`}>{t('storeClose.freshness')}</h3>
      <ul
        aria-labelledby={`${ids}-fresh`}
        className="store-close-list"
        data-testid="store-close-freshness"
      >
        {content.counters.map((c) => (
          <li
            key={c.terminal_id}
            className={
              c.freshness === 'stopped' || c.freshness === 'silent' || c.marked_off
                ? 'recon recon--missing'
                : undefined
            }
          >
            {freshnessText(c, content, t, language)}
          </li>
        ))}
      </ul>

      <h3 id={`${ids}-counters`}>{t('storeClose.counters')}</h3>
      <ScrollRegion className="table-scroll" label={t('storeClose.counters')}>
        <table
          className="table"
          aria-labelledby={`${ids}-counters`}
          data-testid="store-close-counters"
        >
          <thead>
            <tr>
              <th scope="col">{t('storeClose.col.counter')}</th>
              <th scope="col">{t('storeClose.col.cashiers')}</th>
              <th scope="col" className="num">
                {t('storeClose.col.billed')}
              </th>
              <th scope="col" className="num">
                {t('storeClose.col.undone')}
              </th>
              <th scope="col" className="num">
                {t('storeClose.col.collected')}
              </th>
              <th scope="col" className="num">
                {t('storeClose.col.undoneCollected')}
              </th>
              <th scope="col" className="num">
                {t('storeClose.col.held')}
              </th>
              <th scope="col" className="num">
                {t('storeClose.col.open')}
              </th>
            </tr>
          </thead>
          <tbody>
            {content.counters.map((c) => (
              <tr key={c.terminal_id}>
                <th scope="row">
                  {c.terminal_name ?? c.terminal_id}
                  {c.terminal_name ? <span className="muted"> ({c.terminal_id})</span> : null}
                </th>
                <td>{c.cashiers.join(', ') || '—'}</td>
                <td className="num">{c.billed}</td>
                <td className="num">{c.sales_undone ?? c.undone}</td>
                <td className="num">{formatPEN(c.collected_cents)}</td>
                <td className="num">{money(c.undone_collected_cents ?? null)}</td>
                <td className="num">{money(c.held_cents ?? null)}</td>
                <td className="num">{c.open}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('storeClose.col.total')}</th>
              <td />
              <td className="num">{content.totals.billed}</td>
              <td className="num">{salesUndone}</td>
              <td className="num">{formatPEN(content.totals.collected_cents)}</td>
              <td className="num">{money(content.totals.undone_collected_cents ?? null)}</td>
              <td className="num">{money(content.totals.held_cents ?? null)}</td>
              <td className="num">{content.totals.open}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      {content.counters.some((c) => (c.by_cashier?.length ?? 0) > 0) ? (
        <>
          <h3 id={`${ids}-cashiers`}>{t('storeClose.byCashier')}</h3>
          <ul
            aria-labelledby={`${ids}-cashiers`}
            className="store-close-list"
            data-testid="store-close-cashiers"
          >
            {cashierLines(content, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {undoneLines.length > 0 ? (
        <>
          <h3 id={`${ids}-undone`}>{t('storeClose.undoneTitle')}</h3>
          <ul
            aria-labelledby={`${ids}-undone`}
            className="store-close-list"
            data-testid="store-close-undone"
          >
            {undoneLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {content.totals.undone_collected_cents ? (
        <p data-testid="store-close-undone-collected">
          {t('storeClose.undoneCollectedNote', {
            amount: formatPEN(content.totals.undone_collected_cents),
            standing: formatPEN(
              content.totals.collected_cents - content.totals.undone_collected_cents,
            ),
          })}
        </p>
      ) : null}
      <p data-testid="store-close-service">{serviceLine(content, t, language)}</p>
      <p data-testid="store-close-counts">
        {t('storeClose.counts', {
          matched: content.counts.matched,
          missing: content.counts.missing,
          extra: content.counts.extra,
          differs: content.counts.amount_differs,
          pending: content.counts.pending,
        })}
      </p>

      <PaperButtons
        print={print}
        request={{ document: 'store-close', day: view.day }}
        labels={{
          receipt: t('storeClose.printReceipt', { width }),
          pdf: t('storeClose.savePdf'),
          csv: t('storeClose.exportCsv'),
        }}
        onCsv={exportCsv}
      />

      {stored ? null : (
        <form
          className="store-close-form"
          noValidate
          onSubmit={submit}
          aria-label={t('storeClose.close')}
        >
          <div className="field">
            <label htmlFor={`${ids}-sup`}>{t('storeClose.supervisor')}</label>
            <input
              id={`${ids}-sup`}
              className="input"
              value={supervisor}
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setSupervisor(event.target.value)}
            />
          </div>
          {needsNote ? (
            <div className="field">
              <label htmlFor={`${ids}-note`}>{t('storeClose.noteLabel')}</label>
              <textarea
                id={`${ids}-note`}
                className="input"
                value={note}
                maxLength={1000}
                rows={2}
                aria-describedby={`${ids}-note-help`}
                onChange={(event) => setNote(event.target.value)}
              />
              <p id={`${ids}-note-help`} className="field-message">
                {t('storeClose.noteHelp')}
              </p>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${ids}-pin`}>{t('storeClose.pin')}</label>
            <input
              id={`${ids}-pin`}
              className="input"
              type="password"
              inputMode="numeric"
              maxLength={8}
              autoComplete="off"
              value={pin}
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={refusal !== null || unnamed.length > 0 || closing}
            aria-describedby={reason ? reasonId : undefined}
            disabled={closing}
          >
            <BusyLabel
              busy={closing}
              idle={t('storeClose.close')}
              working={t('storeClose.closing')}
            />
          </button>
          {reason ? (
            <p
              id={reasonId}
              role="alert"
              className="field-message field-message--error"
              data-testid="store-close-refusal"
            >
              {reason}
            </p>
          ) : null}
        </form>
      )}
      {answer?.outcome === 'refused' && answer.refusal.reason === 'open-operations' && !refusal ? (
        <p role="alert">{refusedOpenText(answer.refusal.count, t, silentHolding(view.draft))}</p>
      ) : null}
      {answer?.outcome === 'refused' && answer.refusal.reason === 'note-required' ? (
        <p role="alert">{refusedNoteText(answer.refusal.exceptions, t)}</p>
      ) : null}
      {answer?.outcome === 'refused' && answer.refusal.reason === 'silent-not-named' ? (
        <p role="alert">{refusedSilentText(answer.refusal.counters, t)}</p>
      ) : null}
      {answer?.outcome === 'refused' && answer.refusal.reason === 'changed' ? (
        <p role="alert">{t('storeClose.refusedChanged')}</p>
      ) : null}
      {markTried && !stored && (!supervisorOk || pin.length === 0) ? (
        <p role="alert" className="field-message field-message--error">
          {t('storeClose.markOffNeeds')}
        </p>
      ) : null}
      {answer?.outcome === 'closed' ? (
        <p role="status" data-testid="store-close-done">
          {answer.already
            ? t('storeClose.already')
            : t('storeClose.closed', { hash: answer.view.stored?.sha256.slice(0, 16) ?? '' })}
        </p>
      ) : null}
      {closeError ? <GuidancePanel guidance={closeError} /> : null}
    </section>
  );
}
