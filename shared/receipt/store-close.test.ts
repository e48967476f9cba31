// The store close on paper says what the screen says: the state, exceptions first, each counter
// with its freshness, the signature lines and the record's hash, at every paper width.
import { describe, expect, it } from 'vitest';
import { formatStoreMoment } from '../domain/store-time';
import { buildStoreClose, sealClose } from '../store/store-close';
import { sampleStoreDay } from '../store/store-close-samples';
import { SAMPLE_CONTEXT } from './samples';
import { storeClose } from './store-close';
import { layoutText } from './text-layout';

const HASH = 'a'.repeat(32) + 'b'.repeat(32);

function textOf(columns: 32 | 48, closed: boolean, language: 'es-PE' | 'en' = 'es-PE') {
  const close = buildStoreClose(sampleStoreDay(3, 20, { stopped: 3 }));
  const content = closed
    ? sealClose(close, {
        supervisor: 'Rosa Quispe',
        cashier_id: 'cajero-1',
        terminal_id: 'CAJA01',
        terminal_name: 'Caja 1',
        note: 'Caja 3 sin red desde las 14:05',
      })
    : close.content;
  const doc = storeClose(
    {
      content,
      record: closed ? { sha256: HASH, recorded_at: content.as_of } : null,
      arrivedAfter: [],
    },
    { ...SAMPLE_CONTEXT, language },
  );
  const lines = layoutText(doc.blocks, columns).map((l) => l.text.replace(/\u00a0/g, ' '));
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
  return lines.join('\n');
}

describe('the store close on paper', () => {
  it('lists the silent counter first, then a section per counter with its freshness', () => {
    const text = textOf(48, true);
    const exceptions = text.indexOf('Excepciones (1)');
    expect(exceptions).toBeGreaterThan(0);
    expect(text.indexOf('Caja en silencio')).toBeGreaterThan(exceptions);
    expect(text.indexOf('Caja en silencio')).toBeLessThan(text.indexOf('Totales del servicio'));
    // The receipt code page has no em dash: the printer gets a hyphen.
    expect(text).toMatch(
      /Caja 3: en silencio desde las 14:05; datos hasta\s+las\s+14:02 [—-] lo\s+que\s+hizo\s+después\s+no\s+está\s+en\s+este\s+cierre\./,
    );
    expect(text).toContain('Caja 1: al día, datos hasta las 18:00.');
    for (const name of ['Caja 1 (CAJA01)', 'Caja 2 (CAJA02)', 'Caja 3 (CAJA03)'])
      expect(text).toContain(name);
    expect(text).toMatch(/Firma del cajero [—-] Caja 2/);
    expect(text).toContain('Firma del supervisor');
    expect(text).toContain('Caja 3 sin red desde las 14:05');
    expect(text).toMatch(/Estado\s+CERRADO/);
    expect(text).toContain('a'.repeat(32));
    expect(text).toContain('b'.repeat(32));
  });

  it('keeps a counter marked off for the day: data until, who marked it, when and where (issue 35 item 1)', () => {
    for (const columns of [32, 48] as const) {
      const close = buildStoreClose(sampleStoreDay(3, 20, { markedOff: 3 }));
      const doc = storeClose(
        { content: close.content, record: null, arrivedAfter: [] },
        { ...SAMPLE_CONTEXT, language: 'es-PE' },
      );
      const text = layoutText(doc.blocks, columns)
        .map((l) => l.text.replace(/\u00a0/g, ' '))
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(text).toContain('Caja marcada fuera del día');
      expect(text).toMatch(
        /Caja 3: en silencio desde las 14:05; datos hasta las 14:02 [—-] lo que hizo después no está en este cierre\. Marcada fuera del día por Rosa Quispe el 11\/03\/2026, 00:12:30 desde Caja 1\./,
      );
      // In the exception and in Caja 3's own section.
      expect(text.match(/Marcada fuera del día por Rosa Quispe/g)).toHaveLength(2);
    }
  });

  it('says the state of what arrived after the close, and one amount with its label (issue 35 item 4)', () => {
    const close = buildStoreClose(sampleStoreDay(2, 10));
    const content = sealClose(close, {
      supervisor: 'Rosa Quispe',
      cashier_id: 'cajero-1',
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      note: null,
    });
    const late = {
      store: 'tienda-muestra',
      mode: 'live' as const,
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      operation: 'v3.paidAndBilled' as const,
      identity_kind: 'dni' as const,
      cashier_id: 'cajero-1',
      store_day: '2026-03-10',
      started_at: '2026-03-11T04:40:00.000Z',
      service_message: null,
    };
    const arrivedAfter = [
      {
        ...late,
        op_id: '00000000-0000-4000-8000-00000000aa01',
        status: 'succeeded' as const,
        identity_value: '41000015',
        funding_code: '3X8J5S',
        billed_cents: 160_000,
        collected_cents: 32_500,
        resolved_at: '2026-03-11T04:40:05.000Z',
      },
      {
        ...late,
        op_id: '00000000-0000-4000-8000-00000000aa02',
        status: 'unknown' as const,
        identity_value: '41000016',
        funding_code: 'K7H45B',
        billed_cents: 200_000,
        collected_cents: null,
        to_collect_cents: 40_000,
        resolved_at: null,
      },
    ];
    const doc = storeClose(
      { content, record: { sha256: HASH, recorded_at: content.as_of }, arrivedAfter },
      { ...SAMPLE_CONTEXT, language: 'es-PE' },
    );
    const text = layoutText(doc.blocks, 48)
      .map((l) => l.text.replace(/\u00a0/g, ' '))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('*****015 3X8J5S aceptado por el servicio; cobrado S/ 325.00');
    expect(text).toContain('*****016 K7H45B sin respuesta definitiva; ya en caja S/ 400.00');
    // Paper leaves the counter: its customers masked (docs/personal-data.md).
    expect(text).not.toContain('41000015');
    expect(text).not.toContain('41000016');
    // Never the billed amount as if it were paid, never an amount without its label.
    expect(text).not.toContain('1,600.00');
    expect(text).not.toContain('2,000.00');
  });

  it('labels every amount of an exception and says what compares with the service (issue 35 item 6)', () => {
    const day = sampleStoreDay(2, 10);
    // Caja 1 holds a paid-and-billed in doubt: S/ 1,000.00 billed, S/ 250.00 already in its drawer.
    const [first] = day.rows;
    if (!first) throw new Error('no row');
    const doubt = {
      ...first,
      op_id: '00000000-0000-4000-8000-00000000bb01',
      operation: 'v3.paidAndBilled' as const,
      status: 'unknown' as const,
      identity_value: '41000099',
      funding_code: 'DUDA01',
      billed_cents: 100_000,
      collected_cents: null,
      to_collect_cents: 25_000,
    };
    const close = buildStoreClose({ ...day, rows: [...day.rows, doubt] });
    const csv = (columns: 32 | 48) =>
      layoutText(
        storeClose(
          { content: close.content, record: null, arrivedAfter: [] },
          { ...SAMPLE_CONTEXT, language: 'es-PE' },
        ).blocks,
        columns,
      )
        .map((l) => l.text.replace(/\u00a0/g, ' '))
        .join(' ')
        .replace(/\s+/g, ' ');
    for (const columns of [32, 48] as const) {
      const text = csv(columns);
      expect(text).toContain('facturado S/ 1,000.00');
      expect(text).toContain('ya en caja S/ 250.00');
      // What the undone sales collected stays in the drawers; the rest is what the service lists.
      const { collected_cents, undone_collected_cents = 0 } = close.content.totals;
      expect(undone_collected_cents).toBeGreaterThan(0);
      const standing = (collected_cents - undone_collected_cents) / 100;
      const amount = standing.toLocaleString('en-US', { minimumFractionDigits: 2 });
      // The receipt's code page prints straight quotes.
      expect(text.replace(/[“”]/g, '"')).toContain(
        `Lo cobrado por las ventas vigentes, S/ ${amount}, es lo que se compara con "Pagado en tienda"`,
      );
    }
  });

  it("counts a counter's sales undone where they were sold and says where, and each cashier's held money (issue 35 item 11)", () => {
    // sampleStoreDay: every 10th operation of a counter undoes the billing before it, there.
    const day = sampleStoreDay(2, 10);
    const moved = day.rows.map((r) =>
      r.operation === 'v3.undoBilling' && r.terminal_id === 'CAJA01'
        ? { ...r, terminal_id: 'CAJA02', terminal_name: 'Caja 2', cashier_id: 'cajero-2' }
        : r,
    );
    const close = buildStoreClose({ ...day, rows: moved });
    const text = layoutText(
      storeClose(
        { content: close.content, record: null, arrivedAfter: [] },
        { ...SAMPLE_CONTEXT, language: 'es-PE' },
      ).blocks,
      48,
    )
      .map((l) => l.text.replace(/\u00a0/g, ' '))
      .join('\n');
    const caja1 = text.slice(text.indexOf('Caja 1 (CAJA01)'), text.indexOf('Caja 2 (CAJA02)'));
    const caja2 = text.slice(text.indexOf('Caja 2 (CAJA02)'));
    expect(caja1).toMatch(/De ellas, deshechas\s+1 \(en Caja 2\)/);
    expect(caja1).toMatch(/Deshacer hechos aquí\s+0/);
    expect(caja2).toMatch(/Deshacer hechos aquí\s+2/);
  });

  it('keeps the hash whole on 58 mm paper', () => {
    const text = textOf(32, true);
    expect(text).toContain('a'.repeat(32));
    expect(text).toContain('b'.repeat(32));
  });

  it('says a draft is not a close, in English too', () => {
    expect(textOf(48, false)).toContain('BORRADOR: el día no está cerrado');
    expect(textOf(48, false)).toContain('Sin registro: el día no está cerrado.');
    expect(textOf(48, false, 'en')).toContain("The store's day close");
    expect(textOf(48, false, 'en')).toContain('what it did later is not in this close');
  });

  it('lists the money a counter holds for a refused sale first, and its total per counter and store', () => {
    const day = sampleStoreDay(2, 5);
    const close = buildStoreClose({
      ...day,
      held: [
        {
          terminal_id: 'CAJA02',
          hold: {
            hold_id: '00000000-0000-4000-8000-00000000a001',
            op_ids: ['00000000-0000-4000-8000-00000000a001'],
            mode: 'live',
            generation: 'v3',
            funding_code: 'HELD02',
            identity: { kind: 'dni', value: '41000077' },
            cashier_id: 'ana',
            amount_cents: 37_500,
            held_at: '2026-03-10T15:00:00.000Z',
            reason: { category: 'state-conflict', message: 'Funding is not active' },
          },
        },
      ],
    });
    const content = sealClose(close, {
      supervisor: 'Rosa Quispe',
      cashier_id: 'cajero-1',
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      note: 'Caja 2 devuelve el dinero mañana',
    });
    for (const columns of [32, 48] as const) {
      const doc = storeClose(
        { content, record: { sha256: HASH, recorded_at: content.as_of }, arrivedAfter: [] },
        { ...SAMPLE_CONTEXT, language: 'es-PE' },
      );
      const lines = layoutText(doc.blocks, columns).map((l) => l.text.replace(/\u00a0/g, ' '));
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      const text = lines.join('\n');
      const held = text.indexOf('Dinero retenido');
      expect(held).toBeGreaterThan(text.indexOf('Excepciones (1)'));
      expect(held).toBeLessThan(text.indexOf('Totales del servicio'));
      expect(text.slice(held)).toMatch(/S\/ 375\.00[\s\S]*HELD02[\s\S]*Funding is not/);
      // The store's total and Caja 2's own.
      if (columns === 48)
        expect(text.match(/Total retenido \(en caja, del cliente\)\s+S\/ 375\.00/g)).toHaveLength(
          2,
        );
    }
  });

  it('fits a draft on 58 mm paper: the state words are wider than a value beside its label', () => {
    const close = buildStoreClose(sampleStoreDay(2, 5));
    const doc = storeClose(
      { content: close.content, record: null, arrivedAfter: [] },
      { ...SAMPLE_CONTEXT, language: 'es-PE' },
    );
    const lines = layoutText(doc.blocks, 32).map((l) => l.text.replace(/\u00a0/g, ' '));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(32);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('BORRADOR: el día no está cerrado');
  });

  it('writes a moment as the screen does: one date-time format on paper and on screen (item 16)', () => {
    for (const language of ['es-PE', 'en'] as const) {
      const close = buildStoreClose(sampleStoreDay(2, 5));
      const doc = storeClose(
        { content: close.content, record: null, arrivedAfter: [] },
        { ...SAMPLE_CONTEXT, language },
      );
      const text = layoutText(doc.blocks, 48)
        .map((l) => l.text.replace(/\u00a0/g, ' '))
        .join('\n');
      const screen = (iso: string) =>
        formatStoreMoment(iso, SAMPLE_CONTEXT.time_zone, language).replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain(screen(close.content.as_of));
      expect(text).toContain(screen(SAMPLE_CONTEXT.printed_at));
      expect(text).not.toMatch(/[ap]\. m\.|\b[AP]M\b/);
    }
    expect(formatStoreMoment('2026-11-27T17:13:01.000Z', 'America/Lima', 'es-PE')).toBe(
      '27/11/2026, 12:13:01',
    );
  });

  it('splits a counter with two cashiers by cashier, and says what a doubt put in the drawer', () => {
    const day = sampleStoreDay(1, 4);
    const rows = day.rows.map((r, i) => (i % 2 === 1 ? { ...r, cashier_id: 'cajero-9' } : r));
    const first = rows[0];
    if (!first) throw new Error('no rows');
    const doubt = {
      ...first,
      op_id: '00000000-0000-4000-8000-00000000dddd',
      status: 'unknown' as const,
      resolved_at: null,
      collected_cents: null,
      to_collect_cents: 45_000,
    };
    const close = buildStoreClose({ ...day, rows: [...rows, doubt] });
    const doc = storeClose(
      { content: close.content, record: null, arrivedAfter: [] },
      { ...SAMPLE_CONTEXT, language: 'es-PE' },
    );
    const text = layoutText(doc.blocks, 48)
      .map((l) => l.text.replace(/\u00a0/g, ' '))
      .join('\n');
    expect(text).toContain('Por cajero:');
    expect(text).toMatch(/cajero-1: 2 facturadas\s+S\/ \d/);
    expect(text).toMatch(/cajero-9: \d facturadas\s+S\/ \d/);
    expect(text).toMatch(/ya en caja S\/ 450\.00/);
  });
});
