// The store's words in both languages (issue 18, leftovers of item 7): counts said for one and
// for many as the tray says them, never "operación(es)"; a heading with one label and one title;
// the store close's CSV named in the terminal's language.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/bridge';
import { buildStoreClose, sealClose } from '../../shared/store/store-close';
import { loadCatalogue, loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import type { Guidance } from './error-guidance';
import { guidanceHeading } from './guidance-heading';
import { storeCloseCsvFileName } from './store-close-csv';
import {
  cashierLines,
  exceptionText,
  refusedDayText,
  refusedNoteText,
  refusedOpenText,
  refusedSilentText,
  serviceLine,
  silentHolding,
  unavailableText,
  undoneWhereLines,
} from './store-close-text';

const words =
  (language: Language): T =>
  (key, params) =>
    translate(language, key, params);
const es = words('es-PE');
const en = words('en');

// The store close's Spanish texts come with its screen (lazy-views.ts).
beforeAll(() => Promise.all([loadCatalogue('en'), loadSupervisorTexts()]));

describe('the store close says one and many as the tray does', () => {
  it('one operation without an answer, or several', () => {
    expect(refusedOpenText(1, es)).toBe(
      'No se puede cerrar: 1 operación del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
    );
    expect(refusedOpenText(3, es)).toBe(
      'No se puede cerrar: 3 operaciones del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
    );
    expect(refusedOpenText(1, en)).toBe(
      'Cannot close: 1 operation of the day has no definite answer in the store. Wait for its answer (see the exceptions).',
    );
    expect(refusedOpenText(2, en)).toBe(
      'Cannot close: 2 operations of the day have no definite answer in the store. Wait for their answer (see the exceptions).',
    );
  });

  it('a note on one exception, or on several', () => {
    expect(refusedNoteText(1, es)).toBe('Escriba una nota sobre la excepción antes de cerrar.');
    expect(refusedNoteText(4, es)).toBe(
      'Escriba una nota sobre las 4 excepciones antes de cerrar.',
    );
    expect(refusedNoteText(1, en)).toBe('Write a note on the exception before closing.');
    expect(refusedNoteText(4, en)).toBe('Write a note on the 4 exceptions before closing.');
  });
});

describe('a paid-and-billed in doubt at another counter', () => {
  const inDoubt: Guidance = {
    tone: 'unknown',
    title: 'storeDb.elsewhere.inDoubt.title',
    steps: 'storeDb.elsewhere.inDoubt.steps',
    params: { counter: 'Caja 1', time: '10:42:05' },
    actions: ['retry'],
    fields: {},
    details: null,
    doNotCollect: true,
  };

  it('is headed by one label and one title, like the same code in doubt here', () => {
    expect(guidanceHeading(inDoubt, es)).toBe(
      'Resultado desconocido: Este código tiene un cobro sin respuesta en Caja 1',
    );
    expect(guidanceHeading(inDoubt, en)).toBe(
      'Outcome unknown: This code has a collection at Caja 1 the service has not answered yet',
    );
    const here: Guidance = { ...inDoubt, title: 'guide.bridge.billingInDoubt.title' };
    expect(guidanceHeading(here, es)).toBe(
      'Resultado desconocido: Este código tiene un cobro sin respuesta del servicio',
    );
    expect(guidanceHeading(here, en)).toBe(
      'Outcome unknown: This code has a collection the service has not answered yet',
    );
  });

  it('a refusal is labelled as one; nothing labels what went right', () => {
    expect(guidanceHeading({ ...inDoubt, tone: 'error' }, es)).toMatch(/^Rechazado: Este código/);
    expect(guidanceHeading({ ...inDoubt, tone: 'info' }, en)).toBe(
      'This code has a collection at Caja 1 the service has not answered yet',
    );
  });
});

describe('who closed the store day, and when', () => {
  it('is dated "on" a day and time in English, "el" in Spanish', () => {
    const params = { who: 'Rosa Quispe', at: '26/11/2026, 04:28:12', from: 'Caja 1' };
    expect(es('storeClose.stateClosed', params)).toBe(
      'Día cerrado por Rosa Quispe el 26/11/2026, 04:28:12 desde Caja 1.',
    );
    expect(en('storeClose.stateClosed', { ...params, at: '11/26/2026, 04:28:12' })).toBe(
      'Day closed by Rosa Quispe on 11/26/2026, 04:28:12 from Caja 1.',
    );
  });
});

describe("the store close's CSV file", () => {
  it('is named in the terminal’s language, marked when it is practice', () => {
    expect(storeCloseCsvFileName('2026-11-26', false, es)).toBe('cierre-tienda-2026-11-26.csv');
    expect(storeCloseCsvFileName('2026-11-26', true, es)).toBe(
      'ENTRENAMIENTO-cierre-tienda-2026-11-26.csv',
    );
    expect(storeCloseCsvFileName('2026-11-26', false, en)).toBe('store-close-2026-11-26.csv');
    expect(storeCloseCsvFileName('2026-11-26', true, en)).toBe(
      'TRAINING-store-close-2026-11-26.csv',
    );
  });
});

describe("a store close that cannot be read is said in the screen's language (item 11)", () => {
  const down = {
    code: 'not-available' as const,
    message: 'The store database did not answer (network): connect ECONNREFUSED 127.0.0.1:5432',
    issues: { store_db: 'network' },
  };
  it('the store database down: every word in Spanish, the technical detail apart', () => {
    const said = unavailableText(down, es);
    expect(said.text).toBe(
      `La base de datos de la tienda no respondió. ${es('storeDb.category.network')}`,
    );
    expect(said.text).not.toMatch(/did not answer|ECONNREFUSED/);
    expect(said.details).toContain('ECONNREFUSED');
  });
  it('in English too', () => {
    expect(unavailableText(down, en).text).toBe(
      `The store database did not answer. ${en('storeDb.category.network')}`,
    );
  });
  it("the service's day summary, not the database", () => {
    const said = unavailableText(
      {
        code: 'not-available',
        message: 'The day summary could not be fetched (unknown): timeout',
        issues: { day_summary: 'unknown' },
      },
      es,
    );
    expect(said.text).toBe(
      'No se pudo obtener el resumen del día del servicio: el cierre de la tienda lo necesita. Vuelva a intentar.',
    );
    expect(said.details).toContain('timeout');
  });
  it('anything else: a Spanish sentence, the message only in the details', () => {
    const said = unavailableText({ code: 'internal', message: 'boom' }, es);
    expect(said.text).not.toContain('boom');
    expect(said.details).toContain('boom');
  });
});

describe('the store close says why a day cannot be closed yet', () => {
  it("a day that has not ended, in the counter's way of writing days", () => {
    expect(refusedDayText('2026-11-28', '2026-11-27', es, 'es-PE')).toBe(
      'No se puede cerrar: el día 28/11/2026 no ha terminado en la tienda (hoy es 27/11/2026). Se cierra desde el día siguiente.',
    );
    expect(refusedDayText('2026-11-27', '2026-11-27', en, 'en')).toBe(
      'Cannot close: the day 27 Nov 2026 has not ended at the store (today is 27 Nov 2026). It is closed from the next day on.',
    );
  });

  it('a silent counter the note does not name', () => {
    expect(refusedSilentText(['Caja 2'], es)).toBe(
      'La nota debe nombrar la caja en silencio: Caja 2. Diga qué se sabe de ella antes de cerrar.',
    );
  });
});

describe('a silent counter holding a sale in doubt the database knows (issue 35 item 3)', () => {
  // Caja 2 went silent while its paid-and-billed waited for the service: the database holds the
  // sale without an answer. Naming it changes nothing and waiting here cannot help: only that
  // counter, back on the database, brings the answer.
  const close = buildStoreClose({
    store: 'tienda-1',
    mode: 'live',
    day: '2026-03-10',
    timeZone: 'America/Lima',
    now: '2026-03-11T08:00:00-05:00',
    summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
    rows: [
      {
        store: 'tienda-1',
        mode: 'live',
        terminal_id: 'CAJA2',
        terminal_name: 'Caja 2',
        op_id: '00000000-0000-4000-8000-000000000001',
        operation: 'v3.paidAndBilled',
        status: 'pending',
        identity_kind: 'dni',
        identity_value: '41000001',
        funding_code: 'DOUBT1',
        cashier_id: 'CAJERO-2',
        billed_cents: 160_000,
        collected_cents: null,
        to_collect_cents: 32_500,
        store_day: '2026-03-10',
        started_at: '2026-03-10T23:13:00-05:00',
        resolved_at: null,
        service_message: null,
      },
    ],
    freshness: [
      {
        store: 'tienda-1',
        mode: 'live',
        terminal_id: 'CAJA2',
        terminal_name: 'Caja 2',
        app_version: '0.1.0',
        last_seq: 5,
        last_line_at: '2026-03-10T23:13:00-05:00',
        last_seen_at: '2026-03-10T23:13:40-05:00',
        open_operations: 1,
        standing: 'silent',
        reported_open: 1,
        waiting_lines: 1,
      },
    ],
  });
  const content = close.content;
  const [open, silent] = [
    content.exceptions.find((e) => e.kind === 'open'),
    content.exceptions.find((e) => e.kind === 'silent'),
  ];

  it('the refusal says to bring that counter back, not to wait', () => {
    if (close.refusal?.reason !== 'open-operations') throw new Error('expected a refusal');
    const said = refusedOpenText(close.refusal.count, es, silentHolding(content));
    expect(said).toContain('Caja 2');
    expect(said).toContain('vuelva a conectar');
    expect(said).not.toContain('Espere su respuesta');
    expect(refusedOpenText(close.refusal.count, en, silentHolding(content))).toContain(
      'reconnect Caja 2',
    );
  });

  it('its exceptions say the same, not "name it in the note to close"', () => {
    if (!open || !silent) throw new Error('expected both exceptions');
    const silentText = exceptionText(silent, content, es, 'es-PE');
    expect(silentText).not.toContain('Nombre la caja en la nota para cerrar');
    expect(silentText).toContain('vuelva a conectar');
    expect(exceptionText(open, content, es, 'es-PE')).toContain('Caja 2 no responde');
  });
});

describe('a closed record says what was, not what to do to close (issue 35 item 15)', () => {
  it('a silent counter of a closed day was named in the note', () => {
    const build = buildStoreClose({
      store: 'tienda-1',
      mode: 'live',
      day: '2026-03-10',
      timeZone: 'America/Lima',
      now: '2026-03-11T08:00:00-05:00',
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [],
      freshness: [
        {
          store: 'tienda-1',
          mode: 'live',
          terminal_id: 'CAJA3',
          terminal_name: 'Caja 3',
          app_version: '0.1.0',
          last_seq: 5,
          last_line_at: '2026-03-10T18:09:00-05:00',
          last_seen_at: '2026-03-10T18:10:00-05:00',
          open_operations: 0,
          standing: 'silent',
          reported_open: 1,
          waiting_lines: 2,
        },
      ],
    });
    const silent = build.content.exceptions[0];
    if (!silent) throw new Error('expected the silent exception');
    expect(exceptionText(silent, build.content, es, 'es-PE')).toContain(
      'Nombre la caja en la nota para cerrar',
    );
    const sealed = sealClose(build, {
      supervisor: 'Rosa',
      cashier_id: null,
      terminal_id: 'CAJA1',
      terminal_name: 'Caja 1',
      note: 'Caja 3 sin red',
    });
    for (const [t, language] of [
      [es, 'es-PE'],
      [en, 'en'],
    ] as const) {
      const said = exceptionText(silent, sealed, t, language);
      expect(said).not.toMatch(/Nombre la caja|Name the counter/);
      expect(said).toMatch(/nombrada en la nota del supervisor|named in the supervisor's note/i);
    }
  });
});

describe('a store database that answered with a refusal did answer (issue 35 item 7)', () => {
  it('a refused login is not "did not answer"', () => {
    const refused = {
      code: 'not-available' as const,
      message: 'The store database did not answer (auth): password authentication failed',
      issues: { store_db: 'auth' },
    };
    const said = unavailableText(refused, es);
    expect(said.text).not.toContain('no respondió');
    expect(said.text).toBe(
      `La base de datos de la tienda rechazó la consulta de esta caja. ${es('storeDb.category.auth')}`,
    );
    expect(unavailableText(refused, en).text).not.toContain('did not answer');
  });
});

describe('each counter says its own sales undone, and each cashier what the drawer holds (issue 35 item 11)', () => {
  // Caja 1 billed two, one undone at Caja 3; Caja 3 undid it and sold nothing; Caja 1's cashier
  // holds S/ 450.00 for a refused sale.
  const row = (
    terminal: string,
    operation: 'v3.paidAndBilled' | 'v3.undoBilling',
    dni: string,
    cents: number | null,
    n: number,
  ) => ({
    store: 'tienda-1',
    mode: 'live' as const,
    terminal_id: terminal,
    terminal_name: `Caja ${terminal.slice(-1)}`,
    op_id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    operation,
    status: 'succeeded' as const,
    identity_kind: 'dni' as const,
    identity_value: dni,
    funding_code: `C${dni}`,
    cashier_id: `CAJERO-${terminal.slice(-1)}`,
    billed_cents: cents === null ? null : cents * 4,
    collected_cents: cents,
    store_day: '2026-03-10',
    started_at: `2026-03-10T1${n}:00:00-05:00`,
    resolved_at: `2026-03-10T1${n}:00:01-05:00`,
    service_message: null,
  });
  const close = buildStoreClose({
    store: 'tienda-1',
    mode: 'live',
    day: '2026-03-10',
    timeZone: 'America/Lima',
    now: '2026-03-11T08:00:00-05:00',
    summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
    rows: [
      row('CAJA1', 'v3.paidAndBilled', '41000001', 30_000, 1),
      row('CAJA1', 'v3.paidAndBilled', '41000002', 20_000, 2),
      row('CAJA3', 'v3.undoBilling', '41000002', null, 3),
    ],
    freshness: [],
    held: [
      {
        terminal_id: 'CAJA1',
        hold: {
          hold_id: '00000000-0000-4000-8000-00000000a001',
          op_ids: ['00000000-0000-4000-8000-00000000a001'],
          mode: 'live',
          generation: 'v3',
          funding_code: 'HELD01',
          identity: { kind: 'dni', value: '41000077' },
          cashier_id: 'CAJERO-1',
          amount_cents: 45_000,
          held_at: '2026-03-10T15:00:00.000Z',
          reason: { category: 'state-conflict', message: 'Funding is not active' },
        },
      },
    ],
  });
  const plain = (s: string) => s.replace(/\u00a0/g, ' ');

  it('one sale is one, and a cashier holding money for a customer says so', () => {
    expect(cashierLines(close.content, es).map(plain)).toEqual([
      'Caja 1 · CAJERO-1: 2 facturadas, cobrado S/ 500.00; retiene S/ 450.00 de ventas rechazadas',
      'Caja 3 · CAJERO-3: ninguna facturada, cobrado S/ 0.00',
    ]);
    const one = { ...close.content, counters: close.content.counters.slice(1) };
    expect(cashierLines({ ...one }, en).map(plain)).toEqual([
      'Caja 3 · CAJERO-3: none billed, collected S/ 0.00',
    ]);
  });

  it('sales undone are counted where they were sold, saying where they were undone', () => {
    expect(undoneWhereLines(close.content, es)).toEqual([
      'Caja 1: 1 venta deshecha, en Caja 3.',
      'Caja 3 deshizo 1 facturación (de Caja 1).',
    ]);
    expect(undoneWhereLines(close.content, en)).toEqual([
      'Caja 1: 1 sale undone, at Caja 3.',
      'Caja 3 undid 1 billing (of Caja 1).',
    ]);
  });
});

describe('the service totals now and as closed are told apart (issue 35 item 13)', () => {
  it('a closed day says its service totals are as closed, and when', () => {
    const build = buildStoreClose({
      store: 'tienda-1',
      mode: 'live',
      day: '2026-03-10',
      timeZone: 'America/Lima',
      now: '2026-03-11T08:00:00-05:00',
      summary: {
        total_purchases: 11_500,
        total_paid_in_store: 2_875,
        total_financed: 8_625,
        order_detail: [],
      },
      rows: [],
      freshness: [],
    });
    const plain = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(plain(serviceLine(build.content, es, 'es-PE'))).toBe(
      'Servicio, leído con estas cifras: compras S/ 11,500.00, pagado en tienda S/ 2,875.00, financiado S/ 8,625.00.',
    );
    const sealed = sealClose(build, {
      supervisor: 'Rosa',
      cashier_id: null,
      terminal_id: 'CAJA1',
      terminal_name: 'Caja 1',
      note: null,
    });
    expect(plain(serviceLine(sealed, es, 'es-PE'))).toBe(
      'Servicio al cerrar (11/03/2026, 08:00:00): compras S/ 11,500.00, pagado en tienda S/ 2,875.00, financiado S/ 8,625.00. Los totales de arriba son los de ahora.',
    );
  });
});
