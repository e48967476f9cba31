import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, plainAmount, summaryCsv } from './summary-csv';

const headers = { order_id: 'Pedido', dni: 'DNI/RUC', payment_origin: 'Origen', amount: 'Monto' };

describe('summaryCsv', () => {
  it('starts with a BOM and a header row, then one line per row with plain dot amounts', () => {
    const csv = summaryCsv(
      [
        { order_id: 'ORD-1', dni: '41000001', payment_origin: 'external', amount: 300 },
        { order_id: 'ORD-2', dni: '20512333797', payment_origin: 'card', amount: 1234567.5 },
        { order_id: 'ORD-3', dni: '41000016', payment_origin: 'transfer', amount: 250.01 },
      ],
      headers,
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Pedido;DNI/RUC;Origen;Monto',
      // The customer's identity masked: the file leaves the counter (docs/personal-data.md).
      'ORD-1;*****001;external;300.00',
      'ORD-2;********797;card;1234567.50',
      'ORD-3;*****016;transfer;250.01',
      '',
    ]);
  });

  it('writes only a header for an empty day', () => {
    expect(summaryCsv([], headers)).toBe(`${CSV_BOM}Pedido;DNI/RUC;Origen;Monto\r\n`);
  });

  it('names the store, the day and the terminal above the table, `;` separated', () => {
    const csv = summaryCsv([], headers, [
      ['Tienda', 'Señorial; Lima'],
      ['Día', '2026-03-10'],
      ['Terminal', 'CAJA0026'],
    ]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Tienda;"Señorial; Lima"',
      'Día;2026-03-10',
      'Terminal;CAJA0026',
      '',
      'Pedido;DNI/RUC;Origen;Monto',
      '',
    ]);
  });

  it('quotes separators and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
  });

  it('formats cents without grouping or currency', () => {
    expect(plainAmount(0)).toBe('0.00');
    expect(plainAmount(5)).toBe('0.05');
    expect(plainAmount(123456789)).toBe('1234567.89');
    expect(plainAmount(-150)).toBe('-1.50');
  });

  it('names training exports so they cannot pass for real ones', () => {
    expect(csvFileName('2026-03-10', true)).toBe('ENTRENAMIENTO-resumen-del-dia-2026-03-10.csv');
    expect(csvFileName('2026-03-10', false)).toBe('resumen-del-dia-2026-03-10.csv');
    expect(
      csvFileName('2026-03-10', false, { store: 'Tienda Señorial', terminal: 'CAJA0026' }),
    ).toBe('resumen-del-dia-2026-03-10-Tienda-Senorial-CAJA0026.csv');
  });
});

describe('the CSV in the reader’s words', () => {
  it('writes a mark line alone, the origin in words, and the file name in the language given', () => {
    const csv = summaryCsv(
      [{ order_id: 'O-1', dni: '41000001', payment_origin: 'external', amount: 300 }],
      { order_id: 'Order', dni: 'DNI / RUC', payment_origin: 'Payment origin', amount: 'Amount' },
      [
        ['TRAINING – NOT VALID', ''],
        ['Store', 'Centro'],
      ],
      (origin) => (origin === 'external' ? 'In store' : origin),
    );
    expect(csv.slice(1).split('\r\n').slice(0, 2)).toEqual([
      'TRAINING – NOT VALID',
      'Store;Centro',
    ]);
    expect(csv).toContain('O-1;*****001;In store;300.00\r\n');
    expect(
      csvFileName(
        '2026-03-10',
        true,
        { store: 'Centro' },
        { base: 'day-summary', training: 'TRAINING' },
      ),
    ).toBe('TRAINING-day-summary-2026-03-10-Centro.csv');
  });
});
