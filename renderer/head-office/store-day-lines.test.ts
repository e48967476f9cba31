// What a store's day view lists: the sales still without an answer on a day not closed (never a
// read), its counters silent now, a row for every counter the day knows (the close's, the
// figures', the store's now, once each) and the name each goes by.
import { describe, expect, it } from 'vitest';
import type { StoreDay } from '../../shared/head-office/chain';
import type { CounterFreshness } from '../../shared/store/store-operation';
import {
  dayCounterIds,
  dayCounterName,
  moneyText,
  openOperations,
  silentCounters,
  storeMomentText,
} from './store-day-lines';

const op = (
  n: number,
  operation: StoreDay['operations'][number]['operation'],
  status: StoreDay['operations'][number]['status'],
) => ({
  terminal_id: 'CEN002',
  terminal_name: 'Caja 2',
  op_id: `00000000-0000-4000-8000-00000000000${n}`,
  operation,
  status,
  funding_code: `CEY00${n}`,
  cashier_id: 'cajero-2',
  billed_cents: 120_000,
  collected_cents: 30_000,
  started_at: '2026-03-09T15:00:00.000Z',
  resolved_at: null,
  received_at: '2026-03-09T15:00:03.000Z',
});

const counter = (
  terminal_id: string,
  terminal_name: string | null,
  standing: CounterFreshness['standing'],
): CounterFreshness => ({
  store: 'tienda-centro',
  mode: 'live',
  terminal_id,
  terminal_name,
  app_version: '0.1.0',
  last_seq: 3,
  last_line_at: null,
  last_seen_at: null,
  open_operations: 0,
  standing,
});

const figures = (billed: number) => ({
  billed,
  undone: 0,
  refused: 0,
  collected_cents: 0,
  undone_collected_cents: 0,
  open: 0,
  operations: billed,
  cashiers: [],
  by_cashier: {},
});

describe('a store day’s lines', () => {
  it('counts as open only sales and undos without an answer, never a read', () => {
    const open = openOperations({
      operations: [
        op(1, 'v3.paidAndBilled', 'pending'),
        op(2, 'v3.undoBilling', 'unknown'),
        op(3, 'v3.paidAndBilled', 'succeeded'),
        op(4, 'v3.verify', 'pending'),
        op(5, 'v2.info', 'unknown'),
        op(6, 'v2.daySummary', 'pending'),
      ],
    });
    expect(open.map((o) => o.funding_code)).toEqual(['CEY001', 'CEY002']);
  });

  it('names the counters silent now, and a row for each counter the day knows, once', () => {
    const counters = [counter('CEN003', 'Caja 3', 'silent'), counter('CEN001', null, 'current')];
    expect(silentCounters({ counters }).map((c) => c.terminal_id)).toEqual(['CEN003']);
    const draft = {
      close: null,
      figures: {
        counters: { CEN002: figures(1), CEN001: figures(2) },
        totals: { billed: 3, undone: 0, refused: 0, collected_cents: 0, open: 0, operations: 3 },
        op_ids: [],
      },
      counters,
    } as unknown as StoreDay;
    expect(dayCounterIds(draft)).toEqual(['CEN002', 'CEN001', 'CEN003']);
    // A day not closed: the name the store gives a counter now, else its id.
    expect(dayCounterName(draft, 'CEN003')).toBe('Caja 3');
    expect(dayCounterName(draft, 'CEN001')).toBe('CEN001');
    expect(dayCounterName(draft, 'CEN002')).toBe('CEN002');
    // A closed day: the name its close recorded, whatever the counter is called now.
    const closed = {
      ...draft,
      close: { content: { counters: [{ terminal_id: 'CEN003', terminal_name: 'Caja vieja' }] } },
    } as unknown as StoreDay;
    expect(dayCounterIds(closed)).toEqual(['CEN003', 'CEN002', 'CEN001']);
    expect(dayCounterName(closed, 'CEN003')).toBe('Caja vieja');
    expect(dayCounterName(closed, 'CEN002')).toBe('CEN002');
  });

  it('writes a missing amount or moment as a dash, a moment by the store’s own clock', () => {
    expect(moneyText(null)).toBe('—');
    expect(moneyText(undefined)).toBe('—');
    expect(moneyText(0)).toBe('S/\u00a00.00');
    expect(storeMomentText(null, 'America/Lima', 'es-PE')).toBe('—');
    expect(storeMomentText('2026-03-09T15:00:00.000Z', 'America/Lima', 'es-PE')).toContain('10:00');
  });
});
