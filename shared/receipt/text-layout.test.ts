import { describe, expect, it } from 'vitest';
import { formatPEN } from '../domain/money';
import { formatStoreMoment } from '../domain/store-time';
import { maskIdentity } from '../personal-data/mask';
import type { ReceiptDocument } from './blocks';
import { dayClose } from './day-close';
import { saleRecord } from './sale-record';
import { SAMPLE_CONTEXT, SAMPLE_SALE, SAMPLE_UNDO, sampleDayClose } from './samples';
import { layoutText, RECEIPT_COLUMNS, wrapWords } from './text-layout';
import { undoRecord } from './undo-record';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const time = (iso: string) => plain(formatStoreMoment(iso, 'America/Lima', 'es-PE'));

/** Each must appear whole on one line: amounts, ids and times never break. */
function atomsOf(name: string): string[] {
  const data = sampleDayClose();
  const rows = data.summary.order_detail ?? [];
  const common = [time(SAMPLE_CONTEXT.printed_at), 'CAJA0026'];
  if (name === 'sale')
    return [
      ...common,
      time(SAMPLE_SALE.updated_at),
      // A customer's identity is masked on paper (docs/personal-data.md "Prints and exports").
      '********797',
      'RUCEM1',
      plain(formatPEN(1_234_567_89)),
      plain(formatPEN(120_000)),
      '3F1C2A9E',
      'maría.nuñez',
    ];
  if (name === 'undo') return [...common.slice(0, 1), '*****012', 'DESHA1', '9B2E7C41'];
  return [
    ...common,
    ...rows.flatMap((row) => [
      row.order_id,
      maskIdentity(row.dni),
      plain(formatPEN(Math.round(row.amount * 100))),
    ]),
    time('2026-03-10T19:10:05.000Z'),
    'VENTA1',
    plain(formatPEN(19_980)),
  ];
}

const documents: Record<string, () => ReceiptDocument> = {
  sale: () => saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT),
  undo: () => undoRecord(SAMPLE_UNDO, SAMPLE_CONTEXT),
  'day-close': () => dayClose(sampleDayClose(), SAMPLE_CONTEXT),
};

describe('receipt text layout', () => {
  for (const [name, build] of Object.entries(documents)) {
    for (const columns of RECEIPT_COLUMNS) {
      it(`${name} at ${columns} columns: fits, keeps accents, never splits an amount, id or time`, () => {
        const lines = layoutText(build().blocks, columns).map((line) => line.text);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
        const text = lines.join('\n');
        for (const atom of atomsOf(name)) {
          expect(
            lines.some((line) => line.includes(atom)),
            `${atom} whole on a line`,
          ).toBe(true);
        }
        // No customer's identity whole anywhere on the paper.
        expect(text).not.toMatch(/(^|[^0-9*])(\d{8}|\d{11})([^0-9]|$)/m);
        expect(text).toContain('ENTRENAMIENTO - NO VÁLIDO');
        expect(text).toMatch(/[áéíóúñ]/);
        expect(text).not.toContain('?');
      });
    }
  }

  it('wraps a long store name by words, never inside one', () => {
    const lines = wrapWords(SAMPLE_CONTEXT.store_name, 32);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(SAMPLE_CONTEXT.store_name).toContain(line);
    expect(lines.join(' ')).toBe(SAMPLE_CONTEXT.store_name);
  });

  it('keeps a value whole at the right of the first line, the label wrapping under it', () => {
    const lines = layoutText(
      [
        {
          kind: 'field',
          label: 'Cobrado en tienda hoy por esta caja',
          value: 'S/\u00a01,234,567.89',
        },
      ],
      32,
    ).map((line) => line.text);
    expect(lines).toEqual(['Cobrado en       S/ 1,234,567.89', '  tienda hoy por esta caja']);
  });

  it('the day close lists the open operation, the exceptions and a subtotal per origin', () => {
    const text = layoutText(dayClose(sampleDayClose(), SAMPLE_CONTEXT).blocks, 48)
      .map((line) => line.text)
      .join('\n');
    expect(text).toContain('Operaciones abiertas (1)');
    expect(text).toContain('El día no está cerrado');
    expect(text).toMatch(/Faltan en el servicio +1/);
    expect(text).toMatch(/Subtotal En tienda \(4\) +S\/ /);
    expect(text).toMatch(/Subtotal Tarjeta \(web\) \(4\)/);
    expect(text).toMatch(/Total \(12\) +S\/ /);
    expect(text).toContain('Firma del supervisor');
  });
});
