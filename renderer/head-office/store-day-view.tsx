// A store's day as head office reads it (docs/head-office.md "Drilling into a store's day"): its
// close exactly as the supervisor closed it (figures, exceptions, note, who and when, the
// SHA-256 and whether it still checks against the record), or, for a day not closed, the figures
// the database holds now, marked as a draft with what it leaves out; each counter's freshness
// and version; the day's operations with codes and amounts. Esc goes back to the chain.
import { useEffect, useId, useRef } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import { formatStoreDay, formatStoreMoment } from '../../shared/domain/store-time';
import { downloadCsv } from '../components/download-csv';
import { useEscape } from '../components/use-escape';
import { officeCsvFileName, storeDayCsv } from './office-csv';
import { useOfficeLanguage, useOfficeT } from './office-language';
import {
  arrivedAfterClose,
  counterName,
  dayEnded,
  exceptionLine,
  freshnessAtClose,
  freshnessNow,
  operationText,
  statusText,
  storeLabel,
} from './office-words';

/** Operations shown on the page; the CSV holds every one (a busy store day has thousands). */
const OPERATIONS_SHOWN = 300;

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : formatPEN(cents);

export function StoreDayView({
  view,
  onBack,
}: {
  view: BridgeResult<'headOffice.day'>;
  onBack: () => void;
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onBack);
  // The reader lands on the day's title, where a screen reader starts reading it.
  useEffect(() => heading.current?.focus(), []);
  const { day, source } = view;
  const close = day.close;
  const content = close?.content ?? null;
  const zone = day.time_zone;
  const moment = (iso: string | null) => (iso ? formatStoreMoment(iso, zone, language) : '—');
  const late = arrivedAfterClose(day);
  const open = day.operations.filter(
    (o) =>
      (o.status === 'pending' || o.status === 'unknown') &&
      !(
        o.operation === 'v3.verify' ||
        o.operation === 'v2.info' ||
        o.operation === 'v2.daySummary'
      ),
  );
  const silentNow = day.counters.filter((c) => c.standing === 'silent');
  const totals = content?.totals ?? day.figures.totals;
  const ids_ = [
    ...new Set([
      ...(content?.counters.map((c) => c.terminal_id) ?? []),
      ...Object.keys(day.figures.counters),
      ...day.counters.map((c) => c.terminal_id),
    ]),
  ];
  const nameOf = (id: string) =>
    content
      ? counterName(id, content)
      : (day.counters.find((c) => c.terminal_id === id)?.terminal_name ?? id);

  const exportCsv = () =>
    downloadCsv(
      officeCsvFileName('day', day.day, source, t, storeLabel(day)),
      storeDayCsv(day, source, t, language),
    );

  return (
    <article className="office-store" aria-labelledby={`${ids}-title`}>
      <div className="button-row">
        <button type="button" className="button" onClick={onBack}>
          <span aria-hidden="true">← </span>
          {t('headOffice.store.back')}
        </button>
        <button type="button" className="button" onClick={exportCsv}>
          {t('headOffice.export.dayCsv')}
        </button>
      </div>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        {t('headOffice.store.title', {
          store: storeLabel(day),
          day: formatStoreDay(day.day, language),
        })}
      </h2>
      <p className="muted">
        {t('headOffice.store.where', {
          region: day.region ?? '—',
          code: day.store,
          zone,
        })}
      </p>

      {close && content ? (
        <section className="card office-store__state" data-testid="office-store-state">
          <p className="office-state office-state--closed">
            <span aria-hidden="true">✓ </span>
            <strong>
              {t('headOffice.store.closed', {
                who: content.closed?.supervisor ?? '—',
                from: content.closed?.terminal_name ?? content.closed?.terminal_id ?? '—',
                at: moment(close.recorded_at),
              })}
            </strong>
          </p>
          <p
            className={`office-hash ${close.hash_ok ? 'office-hash--ok' : 'office-hash--bad'}`}
            data-testid="office-hash"
          >
            <span aria-hidden="true">{close.hash_ok ? '✓ ' : '✕ '}</span>
            {close.hash_ok
              ? t('headOffice.store.hashOk', { hash: close.sha256 })
              : t('headOffice.store.hashBad', { hash: close.sha256 })}
          </p>
          <p>
            {content.closed?.note
              ? t('headOffice.store.note', { note: content.closed.note })
              : t('headOffice.store.noNote')}
          </p>
        </section>
      ) : (
        <section className="card office-store__state office-draft" data-testid="office-store-state">
          <p className="office-state office-state--draft">
            <span aria-hidden="true">✎ </span>
            <strong>
              {t('headOffice.store.draft', {
                why: dayEnded(day)
                  ? t('headOffice.store.draftEnded')
                  : t('headOffice.store.draftToday'),
              })}
            </strong>
          </p>
          <p>{t('headOffice.store.draftLeaves')}</p>
        </section>
      )}

      <section className="card" aria-labelledby={`${ids}-exc`}>
        {content ? (
          <>
            <h3 id={`${ids}-exc`}>
              {t('headOffice.store.exceptions', { count: content.exceptions.length })}
            </h3>
            {content.exceptions.length === 0 ? (
              <p>{t('headOffice.store.exceptionsNone')}</p>
            ) : (
              <ul className="office-list" data-testid="office-exceptions">
                {content.exceptions.map((e, i) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: a close's exceptions never move
                    key={i}
                    className={
                      e.kind === 'silent' || e.kind === 'stopped'
                        ? 'office-item--warning'
                        : 'office-item--danger'
                    }
                  >
                    <span aria-hidden="true">{e.kind === 'silent' ? '◌ ' : '⚠ '}</span>
                    {exceptionLine(e, content, t, language)}
                  </li>
                ))}
              </ul>
            )}
            <p>
              {t('headOffice.store.service', {
                purchases: money(content.service.purchases_cents),
                inStore: money(content.service.in_store_cents),
                financed: money(content.service.financed_cents),
              })}
            </p>
            <p>
              {t('headOffice.store.counts', {
                matched: content.counts.matched,
                missing: content.counts.missing,
                extra: content.counts.extra,
                differs: content.counts.amount_differs,
              })}
            </p>
          </>
        ) : (
          <>
            <h3 id={`${ids}-exc`}>
              {t('headOffice.store.exceptions', { count: open.length + silentNow.length })}
            </h3>
            {open.length + silentNow.length === 0 ? (
              <p>{t('headOffice.store.exceptionsNone')}</p>
            ) : (
              <ul className="office-list" data-testid="office-exceptions">
                {open.map((o) => (
                  <li key={o.op_id} className="office-item--warning">
                    <span aria-hidden="true">⚠ </span>
                    {t('headOffice.exc.open', {
                      counter: o.terminal_name ?? o.terminal_id,
                      cashier: o.cashier_id,
                      time: moment(o.started_at),
                      operation: operationText(o.operation, t),
                      code: o.funding_code ?? t('headOffice.exc.noCode'),
                      amount: money(o.billed_cents),
                    })}
                  </li>
                ))}
                {silentNow.map((c) => (
                  <li key={c.terminal_id} className="office-item--warning">
                    <span aria-hidden="true">◌ </span>
                    {t('headOffice.exc.silent', {
                      counter: c.terminal_name ?? c.terminal_id,
                      line: moment(c.last_line_at),
                      open: c.reported_open ?? 0,
                      waiting: c.waiting_lines ?? 0,
                    })}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <p>
          <strong>
            {t('headOffice.store.totals', {
              billed: totals.billed,
              undone: totals.undone,
              refused: totals.refused,
              collected: money(totals.collected_cents),
              held: money(content?.totals.held_cents ?? null),
              open: totals.open,
            })}
          </strong>
        </p>
      </section>

      <section className="card" aria-labelledby={`${ids}-counters`}>
        <h3 id={`${ids}-counters`}>{t('headOffice.store.counters')}</h3>
        <div className="office-totals__scroll">
          <table className="table" data-testid="office-counters">
            <thead>
              <tr>
                <th scope="col">{t('headOffice.store.colCounter')}</th>
                <th scope="col" className="num">
                  {t('headOffice.store.colBilled')}
                </th>
                <th scope="col" className="num">
                  {t('headOffice.store.colUndone')}
                </th>
                <th scope="col" className="num">
                  {t('headOffice.store.colCollected')}
                </th>
                <th scope="col" className="num">
                  {t('headOffice.store.colHeld')}
                </th>
                <th scope="col" className="num">
                  {t('headOffice.store.colOpen')}
                </th>
                {content ? <th scope="col">{t('headOffice.store.colAtClose')}</th> : null}
                <th scope="col">{t('headOffice.store.colNow')}</th>
                <th scope="col">{t('headOffice.store.colVersion')}</th>
              </tr>
            </thead>
            <tbody>
              {ids_.map((id) => {
                const atClose = content?.counters.find((c) => c.terminal_id === id);
                const figures = atClose ?? day.figures.counters[id];
                const now = day.counters.find((c) => c.terminal_id === id);
                return (
                  <tr key={id}>
                    <th scope="row">
                      {nameOf(id)} <span className="muted">({id})</span>
                    </th>
                    <td className="num">{figures?.billed ?? 0}</td>
                    <td className="num">{figures?.undone ?? 0}</td>
                    <td className="num">{money(figures?.collected_cents ?? 0)}</td>
                    <td className="num">{money(atClose?.held_cents ?? null)}</td>
                    <td className="num">{figures?.open ?? 0}</td>
                    {content ? (
                      <td>{atClose ? freshnessAtClose(atClose, zone, t, language) : '—'}</td>
                    ) : null}
                    <td className={now?.standing === 'silent' ? 'office-item--warning' : undefined}>
                      {now?.standing === 'silent' ? <span aria-hidden="true">◌ </span> : null}
                      {now ? freshnessNow(now, zone, t, language) : '—'}
                    </td>
                    <td>{now?.app_version ?? atClose?.app_version ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      {late.length > 0 ? (
        <section className="card" aria-labelledby={`${ids}-late`}>
          <h3 id={`${ids}-late`}>
            <span aria-hidden="true">↺ </span>
            {t('headOffice.store.after', { count: late.length })}
          </h3>
          <ul className="office-list" data-testid="office-late">
            {late.map((o) => (
              <li key={o.op_id} className="office-item--warning">
                {`${moment(o.started_at)} · ${nameOf(o.terminal_id)} · ${o.cashier_id} · ${operationText(o.operation, t)} · ${o.funding_code ?? ''} · ${money(o.collected_cents ?? o.billed_cents)}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby={`${ids}-ops`}>
        <h3 id={`${ids}-ops`}>
          {t('headOffice.store.operations', { count: day.operations.length })}
        </h3>
        {day.operations.length > OPERATIONS_SHOWN ? (
          <p className="muted">
            {t('headOffice.store.operationsMore', { shown: OPERATIONS_SHOWN })}
          </p>
        ) : null}
        <div className="office-totals__scroll">
          <table className="table" data-testid="office-operations">
            <thead>
              <tr>
                <th scope="col">{t('headOffice.store.colTime')}</th>
                <th scope="col">{t('headOffice.store.colCounter')}</th>
                <th scope="col">{t('headOffice.store.colCashier')}</th>
                <th scope="col">{t('headOffice.store.colOperation')}</th>
                <th scope="col">{t('headOffice.store.colCode')}</th>
                <th scope="col">{t('headOffice.store.colStatus')}</th>
                <th scope="col" className="num">
                  {t('headOffice.store.colBilledAmount')}
                </th>
                <th scope="col" className="num">
                  {t('headOffice.store.colCollected')}
                </th>
              </tr>
            </thead>
            <tbody>
              {day.operations.slice(0, OPERATIONS_SHOWN).map((o) => (
                <tr key={`${o.terminal_id}-${o.op_id}`}>
                  <td>{moment(o.started_at)}</td>
                  <td>{nameOf(o.terminal_id)}</td>
                  <td>{o.cashier_id}</td>
                  <td>{operationText(o.operation, t)}</td>
                  <td>
                    <code>{o.funding_code ?? '—'}</code>
                  </td>
                  <td>{statusText(o.status, t)}</td>
                  <td className="num">{money(o.billed_cents)}</td>
                  <td className="num">{money(o.collected_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
