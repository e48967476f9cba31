// The chain's page: the chain's day in a few lines (how many closed, the money at stake), the
// filters (region, store), the exports (the grid's CSV, the chain's day on one A4 page), the
// grid, and each day's totals across the stores shown.
import { useId, useMemo, useState } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import { formatStoreDay } from '../../shared/domain/store-time';
import {
  chainDay,
  dayRollups,
  gridDates,
  matchesFilter,
  regionsOf,
  storeRows,
} from '../../shared/head-office/cell-state';
import { call } from '../bridge/call';
import { downloadCsv } from '../components/download-csv';
import { ChainGrid } from './chain-grid';
import type { CellAt } from './grid-moves';
import { gridCsv, officeCsvFileName } from './office-csv';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { useOfficeStore } from './office-store';

/** The PDF the main process made, saved by the browser like the CSV. */
function downloadPdf(name: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ChainView({
  view,
  returnTo,
  onOpen,
}: {
  view: BridgeResult<'headOffice.grid'>;
  /** The store day the reader came back from, to give its cell the focus again. */
  returnTo: { store: string; day: string } | null;
  onOpen: (store: string, day: string) => void;
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const { filter, setFilter } = useOfficeStore();
  const ids = useId();
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');
  const { grid, source } = view;

  const dates = useMemo(() => gridDates(grid), [grid]);
  const all = useMemo(() => storeRows(grid, dates), [grid, dates]);
  const rows = useMemo(() => all.filter((row) => matchesFilter(row.store, filter)), [all, filter]);
  const rollups = useMemo(() => dayRollups(rows, dates), [rows, dates]);
  const regions = useMemo(() => regionsOf(grid), [grid]);
  const day = chainDay(grid, dates);
  const dayIndex = day ? dates.indexOf(day) : 0;
  const up = rollups[dayIndex];
  const start = useMemo<CellAt>(() => {
    if (returnTo) {
      const row = rows.findIndex((r) => r.store.store === returnTo.store);
      const col = dates.indexOf(returnTo.day);
      if (row >= 0 && col >= 0) return { row, col };
    }
    return { row: 0, col: Math.max(0, dayIndex) };
  }, [returnTo, rows, dates, dayIndex]);

  const exportCsv = () => {
    const csv = gridCsv(rows, { source, asOf: grid.as_of, filter }, t, language);
    downloadCsv(officeCsvFileName('grid', day ?? dates[0] ?? '', source, t), csv);
  };
  const exportPdf = async () => {
    if (!day) return;
    setPdf('busy');
    const answer = await call('headOffice.pdf', {
      day,
      language,
      filter: { region: filter.region, text: filter.text.slice(0, 80) },
    });
    if (!answer.ok) {
      setPdf('failed');
      return;
    }
    downloadPdf(answer.result.file_name, answer.result.pdf_base64);
    setPdf('idle');
  };

  return (
    <>
      {up && day ? (
        <section className="office-day card" aria-labelledby={`${ids}-day`}>
          <h2 id={`${ids}-day`}>
            {t('headOffice.day.heading', { day: formatStoreDay(day, language) })}
          </h2>
          <ul className="office-day__facts" data-testid="office-day">
            <li>
              <span aria-hidden="true">✓ </span>
              <strong>
                {t('headOffice.day.closed', { closed: up.closed, stores: up.stores })}
              </strong>
            </li>
            <li className={up.exceptions > 0 ? 'office-fact--danger' : undefined}>
              <span aria-hidden="true">⚠ </span>
              {up.exceptions > 0
                ? t('headOffice.day.exceptions', {
                    count: up.exceptions,
                    amount: formatPEN(up.atStakeCents),
                  })
                : t('headOffice.day.exceptionsNone')}
            </li>
            <li className={up.notClosed > 0 ? 'office-fact--warning' : undefined}>
              <span aria-hidden="true">✕ </span>
              {t('headOffice.day.notClosed', { count: up.notClosed })}
            </li>
            <li className={up.silent > 0 ? 'office-fact--warning' : undefined}>
              <span aria-hidden="true">◌ </span>
              {t('headOffice.day.silent', { count: up.silent })}
            </li>
            <li className={up.afterClose > 0 ? 'office-fact--warning' : undefined}>
              <span aria-hidden="true">↺ </span>
              {t('headOffice.day.afterClose', { count: up.afterClose })}
            </li>
          </ul>
          <p className="office-day__money">
            {t('headOffice.day.money', {
              amount: formatPEN(up.collectedCents),
              billed: up.billed,
              undone: up.undone,
            })}
          </p>
        </section>
      ) : null}

      <div className="office-tools">
        <fieldset className="office-filter">
          <legend className="visually-hidden">{t('headOffice.filter.legend')}</legend>
          <label className="office-filter__field">
            <span>{t('headOffice.filter.region')}</span>
            <select
              className="input"
              value={filter.region ?? ''}
              onChange={(event) => setFilter({ region: event.target.value || null })}
            >
              <option value="">{t('headOffice.filter.allRegions')}</option>
              {regions.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </select>
          </label>
          <label className="office-filter__field">
            <span>{t('headOffice.filter.store')}</span>
            <input
              className="input"
              type="search"
              maxLength={80}
              value={filter.text}
              onChange={(event) => setFilter({ text: event.target.value })}
            />
          </label>
          {filter.region !== null || filter.text !== '' ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => setFilter({ region: null, text: '' })}
            >
              {t('headOffice.filter.clear')}
            </button>
          ) : null}
        </fieldset>
        <div className="office-tools__export">
          <button type="button" className="button" onClick={exportCsv}>
            {t('headOffice.export.gridCsv')}
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={pdf === 'busy' || !day}
            onClick={() => (pdf === 'busy' ? undefined : void exportPdf())}
          >
            {pdf === 'busy' ? t('headOffice.pdfBusy') : t('headOffice.pdf')}
          </button>
        </div>
      </div>
      <p className="office-filter__shown" role="status">
        {rows.length === 0
          ? t('headOffice.filter.none')
          : t('headOffice.filter.shown', { shown: rows.length, total: all.length })}
        {pdf === 'failed' ? ` ${t('headOffice.pdfFailed')}` : ''}
      </p>

      {rows.length > 0 ? (
        <ChainGrid
          rows={rows}
          dates={dates}
          rollups={rollups}
          start={start}
          onOpen={(store, day) => onOpen(store, day)}
        />
      ) : null}

      {rows.length > 0 ? (
        <section className="card office-totals" aria-labelledby={`${ids}-totals`}>
          <h2 id={`${ids}-totals`}>{t('headOffice.totals.title')}</h2>
          <div className="office-totals__scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('headOffice.csv.day')}</th>
                  <th scope="col" className="num">
                    {t('headOffice.grid.closedRow')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.csv.exceptions')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.csv.atStake')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.totals.notClosed')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.csv.collected')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.csv.billed')}
                  </th>
                  <th scope="col" className="num">
                    {t('headOffice.csv.undone')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rollups.map((r) => (
                  <tr key={r.day}>
                    <th scope="row">{formatStoreDay(r.day, language)}</th>
                    <td className="num">
                      {t('headOffice.grid.closedOf', { closed: r.closed, stores: r.stores })}
                    </td>
                    <td className="num">{r.exceptions}</td>
                    <td className="num">{formatPEN(r.atStakeCents)}</td>
                    <td className="num">{r.notClosed}</td>
                    <td className="num">{formatPEN(r.collectedCents)}</td>
                    <td className="num">{r.billed}</td>
                    <td className="num">{r.undone}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
