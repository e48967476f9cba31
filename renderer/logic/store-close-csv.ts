// The store close as a CSV file, the way the day summary's is written (summary-csv.ts: UTF-8 with
// a BOM, `;` between cells, CRLF, plain amounts): what it is about, then the exceptions, then a
// line per counter and the store's totals.
import type { CloseContent } from '../../shared/store/close-record';
import type { StoreOperationRow } from '../../shared/store/store-operation';
import type { T } from '../i18n/use-t';
import { arrivedText, clock, exceptionText, freshnessText } from './store-close-text';
import {
  CSV_BOM,
  CSV_SEPARATOR,
  type CsvAbout,
  csvCell,
  csvFileName,
  plainAmount,
} from './summary-csv';

/** The file's name in the terminal's language, marked when it is practice, like the summary's. */
export function storeCloseCsvFileName(day: string, training: boolean, t: T): string {
  const words = { base: t('storeClose.csv.fileBase'), training: t('summary.csv.fileTraining') };
  return csvFileName(day, training, {}, words);
}

export function storeCloseCsv(
  content: CloseContent,
  record: { sha256: string } | null,
  arrived: readonly StoreOperationRow[],
  about: CsvAbout,
  t: T,
  language: string,
): string {
  const row = (cells: readonly string[]) => cells.map(csvCell).join(CSV_SEPARATOR);
  const lines = [
    ...about.map(row),
    row([t('storeClose.csv.hash'), record?.sha256 ?? '—']),
    '',
    row([
      t('storeClose.csv.section'),
      t('storeClose.exceptions', { count: content.exceptions.length }),
    ]),
    ...content.exceptions.map((e) =>
      row([t('storeClose.csv.exceptions'), exceptionText(e, content, t, language)]),
    ),
    ...(arrived.length > 0
      ? [
          row([
            t('storeClose.csv.section'),
            t('storeClose.arrivedAfter', { count: arrived.length }),
          ]),
          ...arrived.map((r) => row(['', arrivedText(r, content, t, language)])),
        ]
      : []),
    '',
    row([
      t('storeClose.col.counter'),
      t('storeClose.col.cashiers'),
      t('storeClose.col.billed'),
      t('storeClose.col.undone'),
      t('storeClose.col.collected'),
      t('storeClose.col.undoneCollected'),
      t('storeClose.col.held'),
      t('storeClose.col.open'),
      t('storeClose.freshness'),
    ]),
    ...content.counters.map((c) =>
      [
        csvCell(`${c.terminal_name ?? c.terminal_id} (${c.terminal_id})`),
        csvCell(c.cashiers.join(', ')),
        String(c.billed),
        String(c.undone),
        plainAmount(c.collected_cents),
        c.undone_collected_cents === undefined ? '' : plainAmount(c.undone_collected_cents),
        c.held_cents === undefined ? '' : plainAmount(c.held_cents),
        String(c.open),
        csvCell(
          `${freshnessText(c, content, t, language)} ${clock(c.last_seen_at, content, language)}`,
        ),
      ].join(CSV_SEPARATOR),
    ),
    [
      csvCell(t('storeClose.col.total')),
      '',
      String(content.totals.billed),
      String(content.totals.undone),
      plainAmount(content.totals.collected_cents),
      content.totals.undone_collected_cents === undefined
        ? ''
        : plainAmount(content.totals.undone_collected_cents),
      content.totals.held_cents === undefined ? '' : plainAmount(content.totals.held_cents),
      String(content.totals.open),
      '',
    ].join(CSV_SEPARATOR),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
