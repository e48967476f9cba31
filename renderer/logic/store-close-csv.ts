// The store close as a CSV file, the way the day summary's is written (summary-csv.ts: UTF-8 with
// a BOM, `;` between cells, CRLF, plain amounts): what it is about, then the exceptions, then a
// line per counter and the store's totals.
import { formatPEN } from '../../shared/domain/money';
import { formatStoreMoment } from '../../shared/domain/store-time';
import { shownIdentity, withIdentitiesMasked } from '../../shared/personal-data/mask';
import type { CloseContent } from '../../shared/store/close-record';
import type { StoreOperationRow } from '../../shared/store/store-operation';
import type { T } from '../i18n/use-t';
import { arrivedText, exceptionText, freshnessText, undoneWhereLines } from './store-close-text';

const amountOr = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : plainAmount(cents);

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
  shown: CloseContent,
  record: { sha256: string } | null,
  arrivedShown: readonly StoreOperationRow[],
  about: CsvAbout,
  t: T,
  language: string,
): string {
  // A file leaves the counter: its customers masked, as on paper (docs/personal-data.md).
  const content = withIdentitiesMasked(shown);
  const arrived = arrivedShown.map((r) => ({
    ...r,
    identity_value: r.identity_value === null ? null : shownIdentity(r.identity_value),
  }));
  const row = (cells: readonly string[]) => cells.map(csvCell).join(CSV_SEPARATOR);
  const lines = [
    ...about.map(row),
    row([t('storeClose.csv.hash'), record?.sha256 ?? '—']),
    ...(content.closed?.note ? [row([t('storeClose.csv.note'), content.closed.note])] : []),
    '',
    // What the paper and the screen say besides the counters: the service's totals and the
    // reconciliation's counts.
    row([
      t('storeClose.csv.service'),
      t('storeClose.csv.purchases'),
      t('storeClose.csv.inStore'),
      t('storeClose.csv.financed'),
    ]),
    [
      csvCell(t('storeClose.csv.service')),
      amountOr(content.service.purchases_cents),
      amountOr(content.service.in_store_cents),
      amountOr(content.service.financed_cents),
    ].join(CSV_SEPARATOR),
    row([
      t('storeClose.csv.counts'),
      t('storeClose.csv.matched'),
      t('storeClose.csv.missing'),
      t('storeClose.csv.extra'),
      t('storeClose.csv.differs'),
      t('storeClose.csv.pending'),
    ]),
    [
      csvCell(t('storeClose.csv.counts')),
      String(content.counts.matched),
      String(content.counts.missing),
      String(content.counts.extra),
      String(content.counts.amount_differs),
      String(content.counts.pending),
    ].join(CSV_SEPARATOR),
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
      t('storeClose.col.lastSeen'),
    ]),
    ...content.counters.map((c) =>
      [
        csvCell(`${c.terminal_name ?? c.terminal_id} (${c.terminal_id})`),
        csvCell(c.cashiers.join(', ')),
        String(c.billed),
        String(c.sales_undone ?? c.undone),
        plainAmount(c.collected_cents),
        c.undone_collected_cents === undefined ? '' : plainAmount(c.undone_collected_cents),
        c.held_cents === undefined ? '' : plainAmount(c.held_cents),
        String(c.open),
        csvCell(freshnessText(c, content, t, language)),
        // Date and time: a last connection can be of the day before or after the close's day.
        csvCell(
          c.last_seen_at ? formatStoreMoment(c.last_seen_at, content.time_zone, language) : '—',
        ),
      ].join(CSV_SEPARATOR),
    ),
    [
      csvCell(t('storeClose.col.total')),
      '',
      String(content.totals.billed),
      String(
        content.counters.every((c) => c.sales_undone !== undefined)
          ? content.counters.reduce((n, c) => n + (c.sales_undone ?? 0), 0)
          : content.totals.undone,
      ),
      plainAmount(content.totals.collected_cents),
      content.totals.undone_collected_cents === undefined
        ? ''
        : plainAmount(content.totals.undone_collected_cents),
      content.totals.held_cents === undefined ? '' : plainAmount(content.totals.held_cents),
      String(content.totals.open),
      '',
      '',
    ].join(CSV_SEPARATOR),
    // What compares with the service's "Pagado en tienda", as the screen and the paper say it.
    ...(content.totals.undone_collected_cents
      ? [
          row([
            t('storeClose.csv.standing'),
            t('storeClose.undoneCollectedNote', {
              amount: formatPEN(content.totals.undone_collected_cents),
              standing: formatPEN(
                content.totals.collected_cents - content.totals.undone_collected_cents,
              ),
            }),
          ]),
        ]
      : []),
    // Sales undone where they were sold, and where they were undone.
    ...undoneWhereLines(content, t).map((line) => row([t('storeClose.undoneTitle'), line])),
    // Per cashier of each counter: what each drawer is balanced with.
    ...(content.counters.some((c) => c.by_cashier?.length)
      ? [
          '',
          row([
            t('storeClose.csv.cashiers'),
            t('storeClose.col.counter'),
            t('storeClose.csv.cashier'),
            t('storeClose.col.billed'),
            t('storeClose.col.collected'),
            t('storeClose.col.held'),
          ]),
          ...content.counters.flatMap((c) =>
            (c.by_cashier ?? []).map((split) =>
              [
                csvCell(t('storeClose.csv.cashiers')),
                csvCell(`${c.terminal_name ?? c.terminal_id} (${c.terminal_id})`),
                csvCell(split.cashier_id),
                String(split.billed),
                plainAmount(split.collected_cents),
                plainAmount(
                  content.exceptions.reduce(
                    (n, e) =>
                      e.kind === 'held' &&
                      e.terminal_id === c.terminal_id &&
                      e.cashier_id === split.cashier_id
                        ? n + e.amount_cents
                        : n,
                    0,
                  ),
                ),
              ].join(CSV_SEPARATOR),
            ),
          ),
        ]
      : []),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
