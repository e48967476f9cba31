// Head office's words and CSV files: each state said in both languages, a close's exceptions by
// code and amount, the files as the project's other CSVs write them (BOM, `;`, CRLF, plain
// amounts) and without a customer's identity.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/bridge';
import { type Cell, storeRows } from '../../shared/head-office/cell-state';
import type { ChainGrid, GridStore, StoreDay } from '../../shared/head-office/chain';
import type { MessageKey } from '../i18n/catalogue';
import { loadCatalogue, loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { gridCsv, officeCsvFileName, storeDayCsv } from './office-csv';
import { arrivedAfterClose, cellSentence, dayEnded, exceptionLine } from './office-words';

beforeAll(async () => {
  await loadSupervisorTexts();
  await loadCatalogue('en');
});

const tIn =
  (language: Language): T =>
  (key: MessageKey, params) =>
    translate(language, key, params);

const STORE: GridStore = {
  store: 'tienda-centro',
  name: 'Centro',
  region: 'Lima',
  time_zone: 'America/Lima',
  today: '2026-03-10',
  counters: { total: 2, current: 1, silent: 1, off: 0, silent_since: null, versions: ['0.1.0'] },
  days: [
    {
      day: '2026-03-09',
      ended: true,
      close: {
        recorded_at: '2026-03-10T13:30:00.000Z',
        sha256: 'c'.repeat(64),
        summary: {
          totals: {
            billed: 2,
            undone: 0,
            refused: 0,
            collected_cents: 60_000,
            open: 0,
            operations: 2,
          },
          counts: { matched: 1, missing: 0, extra: 1, amount_differs: 1, pending: 0 },
          service_in_store_cents: 95_000,
          exceptions: 2,
          by_kind: { reconcile: 2 },
          at_stake_cents: 35_000,
          silent: 0,
          off: 0,
          supervisor: 'Rosa Quispe',
          terminal_name: 'Caja 1',
        },
      },
      totals: null,
      after_close: true,
    },
  ],
};

const OP = (n: number, late = false) => ({
  terminal_id: 'CEN002',
  terminal_name: 'Caja 2',
  op_id: `00000000-0000-4000-8000-00000000000${n}`,
  operation: 'v3.paidAndBilled' as const,
  status: 'succeeded' as const,
  funding_code: `CEY00${n}`,
  cashier_id: 'cajero-2',
  billed_cents: 120_000,
  collected_cents: 30_000,
  started_at: '2026-03-09T15:00:00.000Z',
  resolved_at: '2026-03-09T15:00:02.000Z',
  received_at: late ? '2026-03-10T16:00:00.000Z' : '2026-03-09T15:00:03.000Z',
});

const DAY: StoreDay = {
  store: 'tienda-centro',
  name: 'Centro',
  region: 'Lima',
  time_zone: 'America/Lima',
  mode: 'live',
  day: '2026-03-09',
  as_of: '2026-03-10T15:00:00.000Z',
  close: {
    sha256: 'c'.repeat(64),
    hash_ok: true,
    recorded_at: '2026-03-10T13:30:00.000Z',
    summary: null,
    content: {
      format: 'mostrador-store-close/2',
      store: 'tienda-centro',
      mode: 'live',
      store_day: '2026-03-09',
      time_zone: 'America/Lima',
      as_of: '2026-03-10T13:30:00.000Z',
      service: {
        purchases_cents: 360_000,
        in_store_cents: 95_000,
        financed_cents: 265_000,
        rows: 3,
      },
      totals: {
        billed: 1,
        undone: 0,
        refused: 0,
        collected_cents: 30_000,
        open: 0,
        operations: 1,
      },
      counts: { matched: 0, missing: 0, extra: 1, amount_differs: 1, pending: 0 },
      counters: [
        {
          terminal_id: 'CEN002',
          terminal_name: 'Caja 2',
          billed: 1,
          undone: 0,
          refused: 0,
          collected_cents: 30_000,
          open: 0,
          operations: 1,
          cashiers: ['cajero-2'],
          freshness: 'current',
          last_line_at: '2026-03-09T15:00:02.000Z',
          last_seen_at: '2026-03-10T13:29:50.000Z',
          app_version: '0.1.0',
        },
      ],
      exceptions: [
        {
          kind: 'reconcile',
          status: 'amount-differs',
          funding_code: 'CEY001',
          order_ids: ['ORD-•••••002'],
          counters: ['CEN002'],
          cashiers: ['cajero-2'],
          counters_cents: 30_000,
          service_cents: 35_000,
        },
        {
          kind: 'reconcile',
          status: 'extra',
          funding_code: null,
          order_ids: ['ORD-•••••003'],
          counters: [],
          cashiers: [],
          counters_cents: null,
          service_cents: 30_000,
        },
      ],
      op_ids: ['00000000-0000-4000-8000-000000000001'],
      closed: {
        supervisor: 'Rosa Quispe',
        cashier_id: 'cajero-1',
        terminal_id: 'CEN001',
        terminal_name: 'Caja 1',
        note: 'la cliente •••••002 pagó; se llamó',
        exceptions_acknowledged: 2,
        recorded_at: '2026-03-10T13:30:00.000Z',
      },
    },
  },
  figures: {
    counters: {},
    totals: { billed: 2, undone: 0, refused: 0, collected_cents: 60_000, open: 0, operations: 2 },
    op_ids: [],
  },
  totals: null,
  counters: [],
  operations: [OP(1), OP(2, true)],
};

describe('head office’s words', () => {
  it('says each state, what else holds and the figures, in both languages', () => {
    const [cell] = storeRows({ as_of: '', mode: 'live', days: 1, stores: [STORE] })[0]?.cells ?? [];
    expect(cellSentence(STORE, cell as Cell, tIn('es-PE'), 'es-PE')).toBe(
      'Centro, 09/03/2026: cerrada con 2 excepciones, S/\u00a0350.00 en juego; líneas después del cierre; cobrado S/\u00a0600.00, 2 ventas, 0 deshechas.',
    );
    expect(cellSentence(STORE, cell as Cell, tIn('en'), 'en')).toBe(
      'Centro, 09 Mar 2026: closed with 2 exceptions, S/\u00a0350.00 at stake; lines after the close; collected S/\u00a0600.00, 2 sales, 0 undone.',
    );
  });

  it('names a close’s exceptions by counter, code and amount', () => {
    const content = DAY.close?.content;
    if (!content) throw new Error('no close');
    const [differs, extra] = content.exceptions.map((e) =>
      exceptionLine(e, content, tIn('es-PE'), 'es-PE'),
    );
    expect(differs).toBe(
      'Caja 2 · cajero-2: código CEY001 cobrado S/\u00a0300.00, el servicio dice S/\u00a0350.00.',
    );
    expect(extra).toBe(
      'El servicio lista la orden ORD-•••••003 (S/\u00a0300.00 en tienda) y ninguna caja la registró.',
    );
  });

  it('finds the sales that reached the database after the close, and whether a day has ended', () => {
    expect(arrivedAfterClose(DAY).map((o) => o.funding_code)).toEqual(['CEY002']);
    expect(dayEnded(DAY)).toBe(true);
    expect(dayEnded({ ...DAY, day: '2026-03-10' })).toBe(false);
  });
});

describe('head office’s CSV files', () => {
  const grid: ChainGrid = {
    as_of: '2026-03-10T15:00:00.000Z',
    mode: 'live',
    days: 1,
    stores: [STORE],
  };

  it('writes the grid as a line per store and day, for a spreadsheet set to es-PE', () => {
    const csv = gridCsv(
      storeRows(grid),
      { source: 'database', asOf: grid.as_of, filter: { region: 'Lima', text: '' } },
      tIn('es-PE'),
      'es-PE',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Oficina central');
    expect(lines).toContain('Filtro;Lima');
    expect(lines.find((l) => l.startsWith('Centro;'))).toBe(
      `Centro;tienda-centro;Lima;America/Lima;2026-03-09;"cerrada con 2 excepciones, S/\u00a0350.00 en juego";2;350.00;600.00;2;0;0;0;sí;Rosa Quispe;"10/03/2026, 08:30:00";${'c'.repeat(64)}`,
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes a store’s day: the close, its hash checked, counters and operations by code', () => {
    const csv = storeDayCsv(DAY, 'database', tIn('en'), 'en');
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toContain(`SHA-256;${'c'.repeat(64)};yes`);
    // Quoted: the note holds a `;`.
    expect(lines).toContain(`"The supervisor's note: la cliente •••••002 pagó; se llamó"`);
    expect(lines.some((l) => l.includes('CEY002') && l.endsWith(';yes'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Caja 2 (CEN002);1;0;0;300.00;;0;'))).toBe(true);
    expect(officeCsvFileName('day', '2026-03-09', 'practice', tIn('es-PE'), 'Centro')).toMatch(
      /^ENTRENAMIENTO-oficina-central-tienda-.*2026-03-09.*\.csv$/,
    );
  });
});
