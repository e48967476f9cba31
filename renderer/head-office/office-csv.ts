// Head office's CSV files (docs/head-office.md "Export"), written as the project's other CSVs
// (renderer/logic/summary-csv.ts: UTF-8 with a BOM, `;` between cells, CRLF, amounts as plain
// numbers with es-PE's decimal point) so they open right in a spreadsheet set to es-PE: the
// chain's grid as one line per store and day (a table a pivot reads), and one store's day: its
// close or draft, exceptions, counters and operations, with codes and amounts only.
import { formatStoreMoment } from '../../shared/domain/store-time';
import type { GridFilter, StoreRow } from '../../shared/head-office/cell-state';
import type { StoreDay } from '../../shared/head-office/chain';
import type { T } from '../i18n/use-t';
import { CSV_BOM, CSV_SEPARATOR, csvCell, csvFileName, plainAmount } from '../logic/summary-csv';
import {
  arrivedAfterClose,
  cellState,
  counterName,
  dayEnded,
  exceptionLine,
  freshnessAtClose,
  freshnessNow,
  operationText,
  statusText,
  storeLabel,
} from './office-words';

type Source = 'database' | 'practice';

const line = (cells: readonly string[]) => cells.map(csvCell).join(CSV_SEPARATOR);
const amount = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : plainAmount(cents);

function about(source: Source, asOf: string, zone: string, t: T, language: string): string[] {
  return [
    line([t('headOffice.csv.about')]),
    line([
      t('headOffice.csv.source'),
      source === 'practice'
        ? t('headOffice.csv.sourcePractice')
        : t('headOffice.csv.sourceDatabase'),
    ]),
    line([t('headOffice.csv.asOf'), formatStoreMoment(asOf, zone, language)]),
  ];
}

/** The file's name: what it is, the day, and the training mark, as the other CSVs name theirs. */
export function officeCsvFileName(
  what: 'grid' | 'day',
  day: string,
  source: Source,
  t: T,
  store?: string,
): string {
  const base = what === 'grid' ? t('headOffice.csv.fileGrid') : t('headOffice.csv.fileDay');
  return csvFileName(day, source === 'practice', store ? { store } : {}, {
    base,
    training: 'ENTRENAMIENTO',
  });
}

/** The grid: one line per store and day shown, in the page's order (exceptions first). */
export function gridCsv(
  rows: readonly StoreRow[],
  meta: { source: Source; asOf: string; filter: GridFilter },
  t: T,
  language: string,
): string {
  const zone = rows[0]?.store.time_zone ?? 'UTC';
  const filterWords = [meta.filter.region ?? '', meta.filter.text.trim()].filter(Boolean);
  const lines = [
    ...about(meta.source, meta.asOf, zone, t, language),
    ...(filterWords.length > 0
      ? [line([t('headOffice.csv.filter'), filterWords.join(' · ')])]
      : []),
    '',
    line([
      t('headOffice.csv.store'),
      t('headOffice.csv.code'),
      t('headOffice.csv.region'),
      t('headOffice.csv.zone'),
      t('headOffice.csv.day'),
      t('headOffice.csv.state'),
      t('headOffice.csv.exceptions'),
      t('headOffice.csv.atStake'),
      t('headOffice.csv.collected'),
      t('headOffice.csv.billed'),
      t('headOffice.csv.undone'),
      t('headOffice.csv.open'),
      t('headOffice.csv.silent'),
      t('headOffice.csv.afterClose'),
      t('headOffice.csv.closedBy'),
      t('headOffice.csv.recordedAt'),
      t('headOffice.csv.hash'),
    ]),
  ];
  for (const row of rows) {
    const byDay = new Map(row.store.days.map((d) => [d.day, d]));
    for (const cell of row.cells) {
      if (cell.kind === 'absent') continue;
      const close = byDay.get(cell.day)?.close ?? null;
      lines.push(
        [
          csvCell(storeLabel(row.store)),
          csvCell(row.store.store),
          csvCell(row.store.region ?? ''),
          csvCell(row.store.time_zone),
          cell.day,
          csvCell(cellState(cell, t)),
          String(cell.exceptions),
          amount(cell.atStakeCents),
          amount(cell.collectedCents),
          String(cell.billed),
          String(cell.undone),
          String(cell.open),
          String(cell.silent),
          cell.afterClose ? csvCell(t('headOffice.csv.yes')) : csvCell(t('headOffice.csv.no')),
          csvCell(close?.summary?.supervisor ?? ''),
          close ? csvCell(formatStoreMoment(close.recorded_at, row.store.time_zone, language)) : '',
          close?.sha256 ?? '',
        ].join(CSV_SEPARATOR),
      );
    }
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** One store's day: as closed (or the draft the database holds now), counters, operations. */
export function storeDayCsv(day: StoreDay, source: Source, t: T, language: string): string {
  const zone = day.time_zone;
  const moment = (iso: string | null) => (iso ? formatStoreMoment(iso, zone, language) : '');
  const close = day.close;
  const content = close?.content ?? null;
  const lines = [
    ...about(source, day.as_of, zone, t, language),
    line([t('headOffice.csv.store'), storeLabel(day)]),
    line([t('headOffice.csv.code'), day.store]),
    line([t('headOffice.csv.region'), day.region ?? '']),
    line([t('headOffice.csv.day'), day.day]),
  ];
  if (close && content) {
    lines.push(
      line([
        t('headOffice.csv.state'),
        t('headOffice.store.closed', {
          who: content.closed?.supervisor ?? '',
          from: content.closed?.terminal_name ?? content.closed?.terminal_id ?? '',
          at: moment(close.recorded_at),
        }),
      ]),
      line([
        t('headOffice.csv.hash'),
        close.sha256,
        close.hash_ok ? t('headOffice.csv.yes') : t('headOffice.csv.no'),
      ]),
      ...(content.closed?.note
        ? [line([t('headOffice.store.note', { note: content.closed.note })])]
        : []),
      '',
      line([
        t('headOffice.csv.section'),
        t('headOffice.store.exceptions', { count: content.exceptions.length }),
      ]),
      ...content.exceptions.map((e) => line(['', exceptionLine(e, content, t, language)])),
    );
  } else {
    lines.push(
      line([
        t('headOffice.csv.state'),
        t('headOffice.store.draft', {
          why: dayEnded(day) ? t('headOffice.store.draftEnded') : t('headOffice.store.draftToday'),
        }),
      ]),
      line([t('headOffice.store.draftLeaves')]),
    );
  }
  const counters = day.counters;
  lines.push(
    '',
    line([
      t('headOffice.csv.counters'),
      t('headOffice.store.colBilled'),
      t('headOffice.store.colUndone'),
      t('headOffice.store.colRefused'),
      t('headOffice.store.colCollected'),
      t('headOffice.store.colHeld'),
      t('headOffice.store.colOpen'),
      t('headOffice.store.colAtClose'),
      t('headOffice.store.colNow'),
      t('headOffice.csv.version'),
    ]),
  );
  const ids = [
    ...new Set([
      ...(content?.counters.map((c) => c.terminal_id) ?? []),
      ...Object.keys(day.figures.counters),
      ...counters.map((c) => c.terminal_id),
    ]),
  ];
  for (const id of ids) {
    const atClose = content?.counters.find((c) => c.terminal_id === id);
    const figures = atClose ?? day.figures.counters[id];
    const now = counters.find((c) => c.terminal_id === id);
    const name = atClose?.terminal_name ?? now?.terminal_name ?? id;
    lines.push(
      [
        csvCell(`${name} (${id})`),
        String(figures?.billed ?? 0),
        String(figures?.undone ?? 0),
        String(figures?.refused ?? 0),
        amount(figures?.collected_cents ?? 0),
        amount(atClose?.held_cents ?? null),
        String(figures?.open ?? 0),
        csvCell(atClose ? freshnessAtClose(atClose, zone, t, language) : ''),
        csvCell(now ? freshnessNow(now, zone, t, language) : ''),
        csvCell(now?.app_version ?? atClose?.app_version ?? ''),
      ].join(CSV_SEPARATOR),
    );
  }
  const late = new Set(arrivedAfterClose(day).map((o) => o.op_id));
  lines.push(
    '',
    line([
      t('headOffice.csv.operations'),
      t('headOffice.csv.time'),
      t('headOffice.store.colCounter'),
      t('headOffice.csv.cashier'),
      t('headOffice.csv.operation'),
      t('headOffice.csv.status'),
      t('headOffice.csv.fundingCode'),
      t('headOffice.csv.billedAmount'),
      t('headOffice.csv.collected'),
      t('headOffice.csv.received'),
      t('headOffice.csv.afterClose'),
    ]),
  );
  for (const o of day.operations) {
    lines.push(
      [
        '',
        csvCell(moment(o.started_at)),
        csvCell(content ? counterName(o.terminal_id, content) : (o.terminal_name ?? o.terminal_id)),
        csvCell(o.cashier_id),
        csvCell(operationText(o.operation, t)),
        csvCell(statusText(o.status, t)),
        csvCell(o.funding_code ?? ''),
        amount(o.billed_cents),
        amount(o.collected_cents),
        csvCell(moment(o.received_at)),
        late.has(o.op_id) ? csvCell(t('headOffice.csv.yes')) : '',
      ].join(CSV_SEPARATOR),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
