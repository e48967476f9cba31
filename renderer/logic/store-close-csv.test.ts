import { beforeAll, describe, expect, it } from 'vitest';
import { CloseContent } from '../../shared/store/close-record';
import { buildStoreClose } from '../../shared/store/store-close';
import { sampleStoreDay } from '../../shared/store/store-close-samples';
import type { StoreOperationRow } from '../../shared/store/store-operation';
import { loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { storeCloseCsv } from './store-close-csv';
import { arrivedText, exceptionText, freshnessText } from './store-close-text';
import { CSV_BOM } from './summary-csv';

// The store close's Spanish texts come with its screen (lazy-views.ts).
beforeAll(() => loadSupervisorTexts());

const t: T = (key, params) => translate('es-PE', key, params);

describe('the store close as CSV and as lines', () => {
  it('lists the exceptions first, then a line per counter and the store total, plain amounts', () => {
    const close = buildStoreClose(sampleStoreDay(3, 10, { stopped: 2 }));
    const csv = storeCloseCsv(
      close.content,
      { sha256: 'ab'.repeat(32) },
      [],
      [['Tienda', 'X']],
      t,
      'es-PE',
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Tienda;X');
    expect(lines[1]).toBe(`SHA-256;${'ab'.repeat(32)}`);
    const exceptions = lines.findIndex((l) => l.startsWith('Sección;Excepciones (1)'));
    const counters = lines.findIndex((l) => l.startsWith('Caja;Cajeros'));
    expect(exceptions).toBeGreaterThan(0);
    expect(counters).toBeGreaterThan(exceptions);
    expect(lines[exceptions + 1]).toMatch(
      /^Excepciones;"Caja en silencio con trabajo del día\. Caja 2: en silencio desde las 14:05; datos hasta las 14:02/,
    );
    // The freshness says what it says, and the last connection has a column of its own (issue
    // 27 #12: it read "datos hasta las 12:10. 12:12").
    expect(lines[counters]).toMatch(/;Datos de cada caja;Última conexión$/);
    expect(lines[counters + 1]).toMatch(
      /^Caja 1 \(CAJA01\);cajero-1;9;1;\d+\.\d\d;\d+\.\d\d;0\.00;0;"Caja 1: al día, datos hasta las 18:00\.";"11\/03\/2026, 08:00:00"$/,
    );
    expect(lines[counters + 4]).toMatch(/^Tienda;;27;3;\d+\.\d\d;\d+\.\d\d;0\.00;0;;$/);
    // The service's totals and the reconciliation's counts, as on the screen and on paper.
    expect(lines).toContain('Servicio;Compras;Pagado en tienda;Financiado');
    expect(lines.find((l) => l.startsWith('Servicio;') && /\d\.\d\d/.test(l))).toMatch(
      /^Servicio;\d+\.\d\d;\d+\.\d\d;\d+\.\d\d$/,
    );
    expect(lines).toContain('Conciliación;Coinciden;Faltan;Sobran;Montos distintos;Pendientes');
    expect(lines).toContain(`Conciliación;${close.content.counts.matched};0;0;0;0`);
    // Each cashier's split, to balance a drawer with.
    expect(lines).toContain(
      'Por cajero;Caja;Cajero;Ventas facturadas;Cobrado en tienda;Retenido (del cliente)',
    );
    expect(lines.find((l) => l.startsWith('Por cajero;Caja 2 (CAJA02);cajero-2;9;'))).toBeTruthy();
  });

  it('keeps a counter marked off for the day: data until, who marked it, when and where (issue 35 item 1)', () => {
    const close = buildStoreClose(sampleStoreDay(3, 10, { markedOff: 3 }));
    const csv = storeCloseCsv(close.content, null, [], [['Tienda', 'X']], t, 'es-PE');
    const lines = csv.slice(1).split('\r\n');
    const said =
      'Caja 3: en silencio desde las 14:05; datos hasta las 14:02 — lo que hizo después no está en este cierre. Marcada fuera del día por Rosa Quispe el 11/03/2026, 00:12:30 desde Caja 1.';
    expect(lines.find((l) => l.startsWith('Excepciones;'))).toContain(
      `Caja marcada fuera del día, con trabajo del día. ${said}`,
    );
    expect(lines.find((l) => l.startsWith('Caja 3 (CAJA03)'))).toContain(said);
  });

  it('says the state of what arrived after the close, and one amount with its label (issue 35 item 4)', () => {
    const close = buildStoreClose(sampleStoreDay(2, 10));
    const doubt: StoreOperationRow = {
      store: 'tienda-muestra',
      mode: 'live' as const,
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      op_id: '00000000-0000-4000-8000-00000000aa02',
      operation: 'v3.paidAndBilled' as const,
      status: 'unknown' as const,
      identity_kind: 'dni' as const,
      identity_value: '41000016',
      funding_code: 'K7H45B',
      cashier_id: 'cajero-1',
      billed_cents: 160_000,
      collected_cents: null,
      to_collect_cents: 32_500,
      store_day: '2026-03-10',
      started_at: '2026-03-11T04:40:00.000Z',
      resolved_at: null,
      service_message: null,
    };
    const said = (row: StoreOperationRow) =>
      arrivedText(row, close.content, t, 'es-PE').replace(/\u00a0/g, ' ');
    expect(said(doubt)).toBe(
      'Caja 1 · cajero-1 · 23:40: Pagado y facturado 41000016 K7H45B — sin respuesta definitiva; ya en caja S/ 325.00.',
    );
    expect(
      said({ ...doubt, status: 'succeeded', collected_cents: 32_500, to_collect_cents: undefined }),
    ).toBe(
      'Caja 1 · cajero-1 · 23:40: Pagado y facturado 41000016 K7H45B — aceptado por el servicio; cobrado S/ 325.00.',
    );
  });

  it('says what compares with the service’s “Pagado en tienda”, as the screen does (issue 35 item 6)', () => {
    const close = buildStoreClose(sampleStoreDay(3, 10));
    const { collected_cents, undone_collected_cents = 0 } = close.content.totals;
    expect(undone_collected_cents).toBeGreaterThan(0);
    const csv = storeCloseCsv(close.content, null, [], [['Tienda', 'X']], t, 'es-PE');
    const standing = (collected_cents - undone_collected_cents) / 100;
    expect(csv.replace(/\u00a0/g, ' ')).toContain(
      `Lo cobrado por las ventas vigentes, S/ ${standing.toLocaleString('en-US', { minimumFractionDigits: 2 })}, es lo que se compara con “Pagado en tienda” del servicio.`,
    );
  });

  it('reads a close kept before format /3 as it was: a counter marked off, no mark kept (issue 35 item 1)', () => {
    const close = buildStoreClose(sampleStoreDay(2, 10));
    const [first, ...rest] = close.content.counters;
    if (!first) throw new Error('no counter');
    const old = CloseContent.parse({
      ...close.content,
      format: 'mostrador-store-close/2',
      counters: [{ ...first, freshness: 'off' }, ...rest],
    });
    expect(freshnessText(old.counters[0] ?? first, old, t, 'es-PE')).toBe(
      'Caja 1: marcada fuera del día por un supervisor.',
    );
  });

  it("keeps the supervisor's note of a closed day", () => {
    const close = buildStoreClose(sampleStoreDay(1, 2));
    const content = {
      ...close.content,
      closed: {
        supervisor: 'Rosa',
        cashier_id: null,
        terminal_id: 'CAJA01',
        terminal_name: 'Caja 1',
        note: 'Caja 2 sin red',
        exceptions_acknowledged: 0,
      },
    };
    const csv = storeCloseCsv(content, { sha256: 'ab'.repeat(32) }, [], [], t, 'es-PE');
    expect(csv.slice(1).split('\r\n')).toContain('Nota del supervisor;Caja 2 sin red');
  });

  it('names the counter and cashier of an operation in doubt', () => {
    const day = sampleStoreDay(2, 3);
    const first = day.rows[0];
    if (!first) throw new Error('no rows');
    const rows = [
      { ...first, status: 'unknown' as const, resolved_at: null, collected_cents: null },
    ];
    const close = buildStoreClose({ ...day, rows: [...rows, ...day.rows.slice(1)] });
    const [open] = close.content.exceptions;
    if (!open) throw new Error('no exception');
    expect(exceptionText(open, close.content, t, 'es-PE')).toMatch(
      /^Caja 1 · cajero-1 · 08:00: Pagado y facturado 40000001 C00001 sin respuesta definitiva \(facturado S\/\s404\.00\)\.$/,
    );
  });
});
