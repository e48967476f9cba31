// The day summary's detail as a CSV file a supervisor opens in a spreadsheet set to es-PE: UTF-8
// with a BOM (or Excel guesses the code page and breaks accents), CRLF lines, `;` between cells
// (Spanish-language Excel's list separator; a comma would also be the thousands mark), amounts as
// plain numbers with es-PE's decimal point and no grouping, so they add up as numbers. The first
// lines name the store, the day and the terminal (docs/decisions.md, Printing).

import type { DaySummaryRow } from '../../shared/api/in-store';
import { centsFromWire } from '../../shared/domain/money';
import { maskIdentity } from '../../shared/personal-data/mask';
import { plainAmount } from './plain-amount';

export const CSV_BOM = '\uFEFF';

export type CsvHeaders = { order_id: string; dni: string; payment_origin: string; amount: string };

export { plainAmount };

/**
 * Quotes a cell when needed, and defuses text Excel would run as a formula (a cell starting with
 * = + - @ or a tab/CR): the file comes from a service, not from us.
 */
export function csvCell(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export const CSV_SEPARATOR = ';';

/** What the file is about: each pair becomes a `label;value` line above the table. */
export type CsvAbout = ReadonlyArray<readonly [string, string]>;

/** The payment origin in the reader's words (`external` is "En tienda"); the code by default. */
export type OriginText = (origin: DaySummaryRow['payment_origin']) => string;

export function summaryCsv(
  rows: readonly DaySummaryRow[],
  headers: CsvHeaders,
  about: CsvAbout = [],
  originText: OriginText = (origin) => origin,
): string {
  const lines = [
    // A pair with an empty value is a line of its own (the training mark), with no empty cell.
    ...about.map(([label, value]) =>
      (value === '' ? [label] : [label, value]).map(csvCell).join(CSV_SEPARATOR),
    ),
    ...(about.length > 0 ? [''] : []),
    [headers.order_id, headers.dni, headers.payment_origin, headers.amount]
      .map(csvCell)
      .join(CSV_SEPARATOR),
  ];
  for (const row of rows) {
    const cents = centsFromWire(row.amount);
    lines.push(
      [
        csvCell(row.order_id),
        // Masked: a file leaves the counter (docs/personal-data.md "Prints and exports").
        csvCell(maskIdentity(row.dni)),
        csvCell(originText(row.payment_origin)),
        // The schema only lets wire amounts through, so null cannot happen; keep the raw number
        // rather than invent one if it ever does.
        cents === null ? String(row.amount) : plainAmount(cents),
      ].join(CSV_SEPARATOR),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** The file name's words in the terminal's language. */
export type CsvFileWords = { base: string; training: string };
const SPANISH_FILE_WORDS: CsvFileWords = { base: 'resumen-del-dia', training: 'ENTRENAMIENTO' };

/** Names the day, and the store and terminal when known, in characters every OS accepts. */
export function csvFileName(
  day: string,
  training: boolean,
  where: { store?: string | null; terminal?: string | null } = {},
  words: CsvFileWords = SPANISH_FILE_WORDS,
): string {
  const safe = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40);
  const parts = [where.store, where.terminal].filter((part): part is string => !!part).map(safe);
  const named = parts.filter((part) => part.length > 0).join('-');
  return `${training ? `${safe(words.training)}-` : ''}${safe(words.base)}-${day}${named ? `-${named}` : ''}.csv`;
}
