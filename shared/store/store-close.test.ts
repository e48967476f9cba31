import { describe, expect, it } from 'vitest';
import type { DaySummaryRow } from '../api/in-store';
import { CloseContent, canonicalJson } from './close-record';
import {
  arrivedAfter,
  buildStoreClose,
  sealClose,
  silentNotNamed,
  storeDayOf,
} from './store-close';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

let n = 0;
function row(
  terminal: string,
  operation: string,
  status: StoreOperationRow['status'],
  identity: string,
  cents: number | null,
  hhmm = '10:00',
  cashier = `cajero-${terminal}`,
): StoreOperationRow {
  n += 1;
  return {
    store: 'tienda-1',
    mode: 'live',
    terminal_id: terminal,
    terminal_name: `Caja ${terminal.slice(-1)}`,
    op_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    operation,
    status,
    identity_kind: 'dni',
    identity_value: identity,
    funding_code: `COD${identity.slice(-3)}`,
    cashier_id: cashier,
    billed_cents: cents === null ? null : cents * 3,
    collected_cents: cents,
    store_day: '2026-03-10',
    started_at: `2026-03-10T${hhmm}:00-05:00`,
    resolved_at:
      status === 'pending' || status === 'unknown' ? null : `2026-03-10T${hhmm}:01-05:00`,
    service_message: null,
  };
}

function fresh(terminal: string, lastLine: string, lastSeen: string): CounterFreshness {
  return {
    store: 'tienda-1',
    mode: 'live',
    terminal_id: terminal,
    terminal_name: `Caja ${terminal.slice(-1)}`,
    app_version: '0.1.0',
    last_seq: 10,
    last_line_at: lastLine,
    last_seen_at: lastSeen,
    open_operations: 0,
  };
}

const summaryRow = (
  dni: string,
  amount: number,
  origin: DaySummaryRow['payment_origin'] = 'external',
) => ({
  order_id: `ORD-${dni}`,
  dni,
  payment_origin: origin,
  amount,
});

// The morning after the store day: a day is closed once it has ended at the store.
const NOW = '2026-03-11T08:00:00-05:00';
const base = {
  store: 'tienda-1',
  mode: 'live' as const,
  day: '2026-03-10',
  timeZone: 'America/Lima',
  now: NOW,
};

describe('the store close', () => {
  it('balances three counters against one store summary: no extra for other counters', () => {
    const rows = [
      row('CAJA1', 'v3.verify', 'succeeded', '41000001', null),
      row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000),
      row('CAJA2', 'v3.paidAndBilled', 'succeeded', '41000002', 12550),
      row('CAJA3', 'v2.paidAndBilled', 'succeeded', '41000003', 5000),
      row('CAJA3', 'v3.undoBilling', 'succeeded', '41000003', null, '11:00'),
    ];
    const close = buildStoreClose({
      ...base,
      summary: {
        total_purchases: 1000,
        total_paid_in_store: 425.5,
        total_financed: 574.5,
        order_detail: [summaryRow('41000001', 300), summaryRow('41000002', 125.5)],
      },
      rows,
      freshness: ['CAJA1', 'CAJA2', 'CAJA3'].map((t) => fresh(t, '2026-03-10T17:59:00-05:00', NOW)),
    });
    expect(close.refusal).toBeNull();
    expect(close.content.counts).toEqual({
      matched: 2,
      missing: 0,
      extra: 0,
      amount_differs: 0,
      pending: 0,
    });
    expect(close.content.exceptions).toEqual([]);
    expect(
      close.content.counters.map((c) => [c.terminal_id, c.billed, c.undone, c.collected_cents]),
    ).toEqual([
      ['CAJA1', 1, 0, 30000],
      ['CAJA2', 1, 0, 12550],
      ['CAJA3', 1, 1, 5000],
    ]);
    expect(close.content.totals).toMatchObject({
      billed: 3,
      undone: 1,
      collected_cents: 47550,
      open: 0,
    });
    expect(close.content.service).toMatchObject({ purchases_cents: 100000, in_store_cents: 42550 });
    // The sales and the undo; the Verify moves no money.
    expect(close.content.op_ids).toHaveLength(4);
    expect(CloseContent.parse(close.content)).toEqual(close.content);
  });

  it('refuses the close while a paid-and-billed anywhere has no definite answer, naming its counter', () => {
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000),
        row('CAJA2', 'v3.paidAndBilled', 'unknown', '41000002', 12550, '12:00', 'ana'),
      ],
      freshness: [],
    });
    expect(close.refusal).toEqual({ reason: 'open-operations', count: 1 });
    expect(close.content.exceptions[0]).toMatchObject({
      kind: 'open',
      terminal_id: 'CAJA2',
      cashier_id: 'ana',
      amount_cents: 12550 * 3,
    });
    // Exceptions first: the open one, then what does not balance (CAJA1 is missing here).
    expect(close.content.exceptions.map((e) => e.kind)).toEqual(['open', 'reconcile']);
    expect(close.content.exceptions[1]).toMatchObject({ status: 'missing', counters: ['CAJA1'] });
    expect(() =>
      sealClose(close, {
        supervisor: 'Rosa',
        cashier_id: null,
        terminal_id: 'CAJA1',
        terminal_name: 'Caja 1',
        note: 'visto',
      }),
    ).toThrow(/definite answer/);
  });

  it('is not held up by a read still without its answer: a day summary or a Verify changes nothing', () => {
    // The close's own day summary call, journaled at this counter: its intent may reach the
    // database before its outcome does.
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [
        row('CAJA1', 'v2.daySummary', 'pending', '41000001', null, '18:00'),
        row('CAJA2', 'v3.verify', 'unknown', '41000002', null, '17:00'),
        row('CAJA2', 'v2.info', 'pending', '41000003', null, '17:30'),
      ],
      freshness: [],
    });
    expect(close.refusal).toBeNull();
    expect(close.content.exceptions).toEqual([]);
    expect(close.content.totals.open).toBe(0);
  });

  it('names each counter and cashier on missing, extra and different amounts', () => {
    const close = buildStoreClose({
      ...base,
      summary: {
        total_purchases: 0,
        total_paid_in_store: 0,
        total_financed: 0,
        order_detail: [summaryRow('41000002', 100), summaryRow('41000009', 50)],
      },
      rows: [
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000, '10:00', 'luis'),
        row('CAJA2', 'v3.paidAndBilled', 'succeeded', '41000002', 12550, '10:00', 'ana'),
      ],
      freshness: [],
    });
    const reconcile = close.content.exceptions.filter((e) => e.kind === 'reconcile');
    expect(reconcile).toEqual([
      expect.objectContaining({
        status: 'missing',
        identity: '41000001',
        counters: ['CAJA1'],
        cashiers: ['luis'],
      }),
      expect.objectContaining({ status: 'extra', identity: '41000009', counters: [] }),
      expect.objectContaining({
        status: 'amount-differs',
        counters: ['CAJA2'],
        cashiers: ['ana'],
        counters_cents: 12550,
        service_cents: 10000,
      }),
    ]);
  });

  it('follows a customer billed at one counter and undone at another', () => {
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000, '10:00'),
        row('CAJA2', 'v3.undoBilling', 'succeeded', '41000001', null, '11:00'),
      ],
      freshness: [],
    });
    expect(close.content.exceptions).toEqual([]);
    expect(close.content.totals).toMatchObject({ billed: 1, undone: 1 });
  });

  it('keeps what undone billings collected apart: in the drawer, not in the service summary', () => {
    // S/ 1,500 billed and standing at Caja 1; S/ 300 collected at Caja 1 for a sale undone at
    // Caja 2 (the down payment stays paid, so the money stays in Caja 1's drawer), and a sale
    // undone and billed again at Caja 3 (its second billing collects nothing: it stands).
    const close = buildStoreClose({
      ...base,
      summary: {
        total_purchases: 0,
        total_paid_in_store: 1800,
        total_financed: 0,
        order_detail: [summaryRow('41000001', 1500), summaryRow('41000003', 300)],
      },
      rows: [
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 150000, '09:00'),
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000002', 30000, '10:00'),
        row('CAJA2', 'v3.undoBilling', 'succeeded', '41000002', null, '11:00'),
        row('CAJA3', 'v3.paidAndBilled', 'succeeded', '41000003', 30000, '10:00'),
        row('CAJA3', 'v3.undoBilling', 'succeeded', '41000003', null, '11:00'),
        row('CAJA3', 'v3.paidAndBilled', 'succeeded', '41000003', 0, '12:00'),
      ],
      freshness: [],
    });
    expect(
      close.content.counters.map((c) => [
        c.terminal_id,
        c.collected_cents,
        c.undone_collected_cents,
      ]),
    ).toEqual([
      ['CAJA1', 180000, 30000],
      ['CAJA2', 0, 0],
      ['CAJA3', 30000, 0],
    ]);
    expect(close.content.totals).toMatchObject({
      collected_cents: 210000,
      undone_collected_cents: 30000,
    });
    // What the standing billings collected is what the service lists as paid in store.
    const { collected_cents, undone_collected_cents = 0 } = close.content.totals;
    expect(collected_cents - undone_collected_cents).toBe(close.content.service.in_store_cents);
    expect(close.content.exceptions).toEqual([]);
  });

  it('sets apart only the billing whose code was undone, not the same customer’s other code', () => {
    // One customer, two financed purchases of the day: code A at Caja 1 (S/ 300 down payment,
    // standing) and code B at Caja 2 (S/ 200), then B undone at Caja 2. The undo is of B: A's
    // S/ 300 is still a standing billing the service lists as paid in store.
    const withCode = (r: StoreOperationRow, code: string) => ({ ...r, funding_code: code });
    const close = buildStoreClose({
      ...base,
      summary: {
        total_purchases: 0,
        total_paid_in_store: 300,
        total_financed: 0,
        order_detail: [summaryRow('41000005', 300)],
      },
      rows: [
        withCode(row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000005', 30000, '09:00'), 'CODA'),
        withCode(row('CAJA2', 'v3.paidAndBilled', 'succeeded', '41000005', 20000, '10:00'), 'CODB'),
        withCode(row('CAJA2', 'v3.undoBilling', 'succeeded', '41000005', null, '11:00'), 'CODB'),
      ],
      freshness: [],
    });
    expect(
      close.content.counters.map((c) => [
        c.terminal_id,
        c.collected_cents,
        c.undone_collected_cents,
      ]),
    ).toEqual([
      ['CAJA1', 30000, 0],
      ['CAJA2', 20000, 20000],
    ]);
    const { collected_cents, undone_collected_cents = 0 } = close.content.totals;
    expect(collected_cents - undone_collected_cents).toBe(close.content.service.in_store_cents);
  });

  it('sets apart what a billing collected when another counter undid it, whatever the clocks (issue 35 item 2)', () => {
    // Caja 2's clock runs 5 minutes ahead: its billing "at 10:03" (09:58 really) was undone at
    // Caja 3 at 10:01. By the clocks the billing came last and stands; by the service it is
    // undone: its S/ 300 stays in Caja 2's drawer and the service no longer lists it.
    const empty = { total_purchases: 0, total_paid_in_store: 0, total_financed: 0 };
    const skewed = buildStoreClose({
      ...base,
      summary: { ...empty, order_detail: [] },
      rows: [
        row('CAJA2', 'v3.paidAndBilled', 'succeeded', '41000009', 30000, '10:03'),
        row('CAJA3', 'v3.undoBilling', 'succeeded', '41000009', null, '10:01'),
      ],
      freshness: [],
    });
    expect(skewed.content.counters.map((c) => [c.terminal_id, c.undone_collected_cents])).toEqual([
      ['CAJA2', 30000],
      ['CAJA3', 0],
    ]);
    expect(skewed.content.exceptions).toEqual([]);
    // Counted at the counter that sold, saying where it was undone (issue 35 item 11): Caja 3
    // made the undo, none of its sales was undone.
    expect(
      skewed.content.counters.map((c) => [c.terminal_id, c.undone, c.sales_undone, c.undone_at]),
    ).toEqual([
      ['CAJA2', 0, 1, ['CAJA3']],
      ['CAJA3', 1, 0, []],
    ]);
    // Billed on an earlier day (the database's balance before the day is 1), undone at Caja 1 and
    // billed again at Caja 2 today, whose clock runs behind: it stands, nothing is set apart,
    // and it matches the service's row.
    const again = buildStoreClose({
      ...base,
      summary: { ...empty, total_paid_in_store: 0, order_detail: [summaryRow('41000010', 0)] },
      rows: [
        row('CAJA1', 'v3.undoBilling', 'succeeded', '41000010', null, '10:00'),
        row('CAJA2', 'v3.paidAndBilled', 'succeeded', '41000010', 0, '09:59'),
      ],
      freshness: [],
      codesBefore: [{ identity: '41000010', funding_code: 'COD010', balance: 1 }],
    });
    expect(again.content.totals).toMatchObject({ billed: 1, undone: 1, undone_collected_cents: 0 });
    // A billing Mostrador never saw (the e-commerce's) undone here on an earlier day leaves the
    // database a balance of -1: the code was not billed when the day began, no less. Billed and
    // undone today, its collection is set apart; billed today only, it stands.
    const external = buildStoreClose({
      ...base,
      summary: { ...empty, order_detail: [] },
      rows: [
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000011', 30000, '10:00'),
        row('CAJA2', 'v3.undoBilling', 'succeeded', '41000011', null, '11:00'),
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000012', 20000, '10:00'),
      ],
      freshness: [],
      codesBefore: [
        { identity: '41000011', funding_code: 'COD011', balance: -1 },
        { identity: '41000012', funding_code: 'COD012', balance: -1 },
      ],
    });
    expect(external.content.totals).toMatchObject({ undone_collected_cents: 30000 });
    expect(again.content.counts).toMatchObject({ matched: 1, missing: 0, extra: 0 });
    expect(again.content.exceptions).toEqual([]);
  });

  it('lists the money each counter holds for refused sales first, with per-counter and store totals', () => {
    const hold = (terminal: string, code: string, cents: number, hhmm: string) => ({
      terminal_id: terminal,
      hold: {
        hold_id: `00000000-0000-4000-8000-0000000${hhmm.replace(':', '')}0`,
        op_ids: [`00000000-0000-4000-8000-0000000${hhmm.replace(':', '')}0`],
        mode: 'live' as const,
        generation: 'v3' as const,
        funding_code: code,
        identity: { kind: 'dni' as const, value: '41000007' },
        cashier_id: 'ana',
        amount_cents: cents,
        held_at: `2026-03-09T${hhmm}:00-05:00`,
        reason: { category: 'state-conflict' as const, message: 'Funding is not active' },
      },
    });
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [row('CAJA2', 'v3.paidAndBilled', 'unknown', '41000002', 12550, '12:00')],
      freshness: ['CAJA1', 'CAJA2'].map((t) => fresh(t, '2026-03-10T17:59:00-05:00', NOW)),
      held: [hold('CAJA2', 'HELD02', 20000, '16:00'), hold('CAJA1', 'HELD01', 37500, '15:00')],
    });
    // Cash in a drawer that is a customer's comes before everything else.
    expect(close.content.exceptions.map((e) => e.kind)).toEqual(['held', 'held', 'open']);
    expect(close.content.exceptions[0]).toEqual({
      kind: 'held',
      terminal_id: 'CAJA1',
      hold_id: '00000000-0000-4000-8000-000000015000',
      cashier_id: 'ana',
      identity: '41000007',
      funding_code: 'HELD01',
      amount_cents: 37500,
      held_at: '2026-03-09T15:00:00-05:00',
      reason: 'Funding is not active',
    });
    expect(close.content.counters.map((c) => [c.terminal_id, c.held_cents])).toEqual([
      ['CAJA1', 37500],
      ['CAJA2', 20000],
    ]);
    expect(close.content.totals.held_cents).toBe(57500);
    expect(CloseContent.parse(close.content)).toEqual(close.content);
  });

  it('says which counters are complete, current, signed off, silent or never reported, by the database', () => {
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [],
      freshness: [
        fresh('CAJA1', '2026-03-11T07:59:00-05:00', NOW),
        { ...fresh('CAJA2', '2026-03-10T17:58:00-05:00', NOW), standing: 'current' },
        {
          ...fresh('CAJA3', '2026-03-10T14:02:00-05:00', '2026-03-10T14:05:00-05:00'),
          standing: 'silent',
        },
        { ...fresh('CAJA4', NOW, NOW), last_seq: 0, last_line_at: null },
        {
          ...fresh('CAJA5', '2026-03-10T19:00:00-05:00', '2026-03-10T19:01:00-05:00'),
          standing: 'signed-off',
        },
        // Silent since the day before: nothing of this day to answer for.
        {
          ...fresh('CAJA6', '2026-03-09T19:00:00-05:00', '2026-03-09T19:01:00-05:00'),
          standing: 'silent',
        },
      ],
    });
    expect(close.content.counters.map((c) => c.freshness)).toEqual([
      'complete',
      'current',
      'silent',
      'never',
      'signed-off',
      'silent',
    ]);
    expect(close.content.exceptions).toEqual([
      {
        kind: 'silent',
        terminal_id: 'CAJA3',
        last_line_at: '2026-03-10T14:02:00-05:00',
        last_seen_at: '2026-03-10T14:05:00-05:00',
        open_operations: null,
        waiting_lines: null,
      },
    ]);
    // A close with exceptions needs the supervisor's note, and it must name the silent counter.
    const who = { supervisor: 'Rosa', cashier_id: null, terminal_id: 'CAJA1', terminal_name: null };
    expect(() => sealClose(close, { ...who, note: '  ' })).toThrow(/note/);
    expect(() => sealClose(close, { ...who, note: 'todo revisado' })).toThrow(/name Caja 3/);
    const sealed = sealClose(close, { ...who, note: 'caja 3 sin red; se revisa mañana' });
    expect(sealed.closed).toMatchObject({ exceptions_acknowledged: 1, supervisor: 'Rosa' });
    expect(CloseContent.parse(sealed)).toEqual(sealed);
  });

  it('does not take a counter cut off 30 s ago with a sale in doubt as up to date (issue 27 item 1)', () => {
    // Caja B2 lost the database with a paid-and-billed held in doubt; its last call was 40 s
    // before F6 on B1, where it reported 1 operation without an answer and 2 lines to send.
    const now = '2026-03-11T09:00:40-05:00';
    const seen = '2026-03-11T09:00:00-05:00';
    const close = buildStoreClose({
      ...base,
      now,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [row('CAJAB1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000)],
      freshness: [
        fresh('CAJAB1', '2026-03-11T09:00:30-05:00', now),
        // Not read from the database here: 40 s without a call is silent all the same.
        {
          ...fresh('CAJAB2', '2026-03-10T18:10:00-05:00', seen),
          reported_open: 1,
          waiting_lines: 2,
        },
      ],
    });
    const b2 = close.content.counters.find((c) => c.terminal_id === 'CAJAB2');
    expect(b2?.freshness).toBe('silent');
    expect(close.content.exceptions.filter((e) => e.kind === 'silent')).toEqual([
      {
        kind: 'silent',
        terminal_id: 'CAJAB2',
        last_line_at: '2026-03-10T18:10:00-05:00',
        last_seen_at: seen,
        open_operations: 1,
        waiting_lines: 2,
      },
    ]);
    const who = {
      supervisor: 'Rosa',
      cashier_id: null,
      terminal_id: 'CAJAB1',
      terminal_name: null,
    };
    expect(silentNotNamed(close.content, 'Caja B22 revisada')).toEqual(['Caja 2']);
    expect(() => sealClose(close, { ...who, note: 'nada' })).toThrow(/name Caja 2/);
    expect(silentNotNamed(close.content, 'CAJAB2 sin red, su venta en duda se verifica')).toEqual(
      [],
    );
    // Ids with a hyphen or a dot are names like any other (a regular expression would not be).
    const content = {
      ...close.content,
      counters: close.content.counters.map((c) =>
        c.terminal_id === 'CAJAB2' ? { ...c, terminal_name: 'Caja B-2.1' } : c,
      ),
    };
    expect(silentNotNamed(content, 'caja b-2.1 sin red')).toEqual([]);
    expect(silentNotNamed(content, 'caja b-2x1 sin red')).toEqual(['Caja B-2.1']);
  });

  it('keeps a counter marked off for the day in the close: data until, who marked it, and the note on it (issue 35 item 1)', () => {
    // Caja 1 went silent at 23:23 with lines up to 23:20 and sold after that; after midnight a
    // supervisor at Caja 3 marked it off for the day. Marking off only ends the question at the
    // other counters: the close still lacks what it did after 23:20, so it stays an exception the
    // note must name, and the record keeps what the database knows of it.
    const marked = {
      off_day: '2026-03-10',
      off_by: 'Rosa Quispe',
      off_at: '2026-03-11T05:12:30.000Z',
      off_marked_by: 'CAJA3',
      off_marked_by_name: 'Caja 3',
    };
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000, '22:00')],
      freshness: [
        {
          ...fresh('CAJA1', '2026-03-10T23:20:00-05:00', '2026-03-10T23:23:00-05:00'),
          standing: 'off',
          reported_open: 1,
          waiting_lines: 4,
          ...marked,
        },
        { ...fresh('CAJA3', '2026-03-11T00:05:00-05:00', NOW), standing: 'current' },
        // Marked off, with nothing of the day: no exception, but the record says who marked it.
        {
          ...fresh('CAJA4', '2026-03-09T18:00:00-05:00', '2026-03-09T18:01:00-05:00'),
          standing: 'off',
          ...marked,
        },
      ],
    });
    const markedOff = {
      supervisor: 'Rosa Quispe',
      at: '2026-03-11T05:12:30.000Z',
      by_terminal_id: 'CAJA3',
      by_terminal_name: 'Caja 3',
    };
    const [caja1, , caja4] = close.content.counters;
    expect(caja1).toMatchObject({
      freshness: 'off',
      last_line_at: '2026-03-10T23:20:00-05:00',
      last_seen_at: '2026-03-10T23:23:00-05:00',
      marked_off: markedOff,
    });
    expect(caja4).toMatchObject({ freshness: 'off', marked_off: markedOff });
    expect(close.content.exceptions.filter((e) => e.kind === 'silent')).toEqual([
      {
        kind: 'silent',
        terminal_id: 'CAJA1',
        last_line_at: '2026-03-10T23:20:00-05:00',
        last_seen_at: '2026-03-10T23:23:00-05:00',
        open_operations: 1,
        waiting_lines: 4,
        marked_off: markedOff,
      },
    ]);
    const who = { supervisor: 'Rosa', cashier_id: null, terminal_id: 'CAJA3', terminal_name: null };
    expect(silentNotNamed(close.content, 'todo bien')).toEqual(['Caja 1']);
    expect(() => sealClose(close, { ...who, note: 'todo bien' })).toThrow(/name Caja 1/);
    const sealed = sealClose(close, {
      ...who,
      note: 'Caja 1 sin red desde las 23:23: su caja tenía S/ 725.00, contado a mano',
    });
    expect(CloseContent.parse(sealed)).toEqual(sealed);
    // Marked off for another day: for this one it is silent, with nothing of the mark.
    const other = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000, '22:00')],
      freshness: [
        {
          ...fresh('CAJA1', '2026-03-10T23:20:00-05:00', '2026-03-10T23:23:00-05:00'),
          standing: 'off',
          ...marked,
          off_day: '2026-03-09',
        },
      ],
    });
    expect(other.content.counters[0]?.freshness).toBe('silent');
    expect(other.content.counters[0]?.marked_off).toBeUndefined();
    expect(other.content.exceptions.filter((e) => e.kind === 'silent')).toMatchObject([
      { kind: 'silent', terminal_id: 'CAJA1' },
    ]);
  });

  it('refuses a day that has not ended at the store: today and any later day', () => {
    const input = {
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [],
      freshness: [],
    };
    // 23:30 in Lima is already the next day in UTC: the store's zone decides.
    const late = '2026-03-10T23:30:00-05:00';
    expect(buildStoreClose({ ...input, now: late }).refusal).toEqual({
      reason: 'day-not-ended',
      today: '2026-03-10',
    });
    expect(buildStoreClose({ ...input, now: late, day: '2026-03-11' }).refusal).toEqual({
      reason: 'day-not-ended',
      today: '2026-03-10',
    });
    const close = buildStoreClose(input);
    expect(close.refusal).toBeNull();
    expect(() =>
      sealClose(buildStoreClose({ ...input, now: late }), {
        supervisor: 'Rosa',
        cashier_id: null,
        terminal_id: 'CAJA1',
        terminal_name: null,
        note: null,
      }),
    ).toThrow(/not ended/);
  });

  it('lists as cashiers only who sold or undid, each with what they billed and collected', () => {
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [
        row('CAJA1', 'v3.verify', 'succeeded', '41000009', null, '09:00', 'solo-verifica'),
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000, '10:00', 'ana'),
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000002', 20000, '11:00', 'ana'),
        row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000003', 5000, '12:00', 'luis'),
        row('CAJA1', 'v3.paidAndBilled', 'refused', '41000004', null, '13:00', 'marta'),
      ],
      freshness: [],
    });
    const [c1] = close.content.counters;
    expect(c1?.cashiers).toEqual(['ana', 'luis', 'marta']);
    expect(c1?.by_cashier).toEqual([
      { cashier_id: 'ana', billed: 2, collected_cents: 50000 },
      { cashier_id: 'luis', billed: 1, collected_cents: 5000 },
      { cashier_id: 'marta', billed: 0, collected_cents: 0 },
    ]);
    expect(c1?.operations).toBe(5);
  });

  it('says what an operation in doubt already put in the drawer', () => {
    const doubt = {
      ...row('CAJA2', 'v3.paidAndBilled', 'unknown', '41000002', null, '12:00', 'ana'),
      billed_cents: 180000,
      to_collect_cents: 45000,
    };
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: [doubt],
      freshness: [],
    });
    expect(close.content.exceptions[0]).toMatchObject({
      kind: 'open',
      amount_cents: 180000,
      to_collect_cents: 45000,
    });
  });

  it('lists what arrived after the close, with its counter', () => {
    const first = [row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 30000)];
    const close = buildStoreClose({
      ...base,
      summary: {
        total_purchases: 0,
        total_paid_in_store: 300,
        total_financed: 0,
        order_detail: [summaryRow('41000001', 300)],
      },
      rows: first,
      freshness: [],
    });
    const late = row('CAJA3', 'v3.paidAndBilled', 'succeeded', '41000003', 5000, '13:00');
    const summaryCall = row('CAJA1', 'v2.daySummary', 'succeeded', '41000009', null, '13:05');
    expect(arrivedAfter(close.content, [...first, late, summaryCall])).toEqual([late]);
  });

  it('lists the counters as people call them: Caja 2 before Caja 10', () => {
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0 },
      rows: [],
      freshness: [
        { ...fresh('ZZZ', NOW, NOW), terminal_name: 'Caja 10' },
        { ...fresh('AAA', NOW, NOW), terminal_name: 'Caja 2' },
      ],
    });
    expect(close.content.counters.map((c) => c.terminal_name)).toEqual(['Caja 2', 'Caja 10']);
  });

  it('keeps only this store, mode and day', () => {
    const other = {
      ...row('CAJA1', 'v3.paidAndBilled', 'succeeded', '41000001', 1),
      mode: 'training' as const,
    };
    const close = buildStoreClose({
      ...base,
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0 },
      rows: [other],
      freshness: [],
    });
    expect(close.content.totals.operations).toBe(0);
  });

  it('reads the store day of an instant in the store zone', () => {
    expect(storeDayOf('2026-03-11T03:00:00Z', 'America/Lima')).toBe('2026-03-10');
    expect(storeDayOf('2026-03-11T05:00:00Z', 'America/Lima')).toBe('2026-03-11');
  });
});

describe('canonicalJson', () => {
  it('sorts keys, drops whitespace and writes integers only', () => {
    expect(canonicalJson({ b: [1, 'x"é'], a: null, c: { z: true, y: false } })).toBe(
      '{"a":null,"b":[1,"x\\"é"],"c":{"y":false,"z":true}}',
    );
    expect(() => canonicalJson({ amount: 1.5 })).toThrow(/integer/);
  });
});
