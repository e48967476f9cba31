// The day summary's detail as a CSV file a supervisor opens in Excel: UTF-8 with a BOM (or Excel
// guesses the code page and breaks accents), CRLF lines, comma separated as Peruvian Windows
// expects, amounts as plain numbers with a dot and 2 decimals so they add up as numbers.
import type { DaySummaryRow } from '../../shared/api/in-store';
import { centsFromWire } from '../../shared/domain/money';

export const CSV_BOM = '\uFEFF';

export type CsvHeaders = { order_id: string; dni: string; payment_origin: string; amount: string };

/** Cents as `1234.50`: no grouping, no currency, dot decimal. */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Quotes a cell when needed, and defuses text Excel would run as a formula (a cell starting with
 * = + - @ or a tab/CR): the file comes from a service, not from us.
 */
export function csvCell(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export function summaryCsv(rows: readonly DaySummaryRow[], headers: CsvHeaders): string {
  const lines = [
    [headers.order_id, headers.dni, headers.payment_origin, headers.amount].map(csvCell).join(','),
  ];
  for (const row of rows) {
    const cents = centsFromWire(row.amount);
    lines.push(
      [
        csvCell(row.order_id),
        csvCell(row.dni),
        csvCell(row.payment_origin),
        // The schema only lets wire amounts through, so null cannot happen; keep the raw number
        // rather than invent one if it ever does.
        cents === null ? String(row.amount) : plainAmount(cents),
      ].join(','),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

export function csvFileName(day: string, training: boolean): string {
  return `${training ? 'ENTRENAMIENTO-' : ''}resumen-del-dia-${day}.csv`;
}
