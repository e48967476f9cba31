import { describe, expect, it } from 'vitest';
import {
  cellOf,
  chainDay,
  dayRollups,
  gridDates,
  matchesFilter,
  regionsOf,
  storeRows,
} from './cell-state';
import type { ChainGrid, CloseSummary, GridDay, GridStore } from './chain';

const SHA = 'a'.repeat(64);

function summary(extra: Partial<CloseSummary> = {}): CloseSummary {
  return {
    totals: {
      billed: 4,
      undone: 1,
      refused: 0,
      collected_cents: 120_000,
      open: 0,
      operations: 6,
    },
    counts: { matched: 3, missing: 0, extra: 0, amount_differs: 0, pending: 0 },
    service_in_store_cents: 120_000,
    exceptions: 0,
    by_kind: {},
    at_stake_cents: 0,
    silent: 0,
    off: 0,
    supervisor: 'Rosa',
    terminal_name: 'Caja 1',
    ...extra,
  };
}

const totals = (collected: number, open = 0) => ({
  operations: 5,
  billed: 3,
  undone: 0,
  refused: 0,
  collected_cents: collected,
  open,
  last_received_at: '2026-03-09T20:00:00.000Z',
});

function closedDay(day: string, s: CloseSummary, afterClose = false): GridDay {
  return {
    day,
    ended: true,
    close: { recorded_at: '2026-03-10T13:00:00.000Z', sha256: SHA, summary: s },
    totals: totals(999),
    after_close: afterClose,
  };
}

function store(
  id: string,
  days: GridDay[],
  extra: Partial<GridStore> = {},
  counters: Partial<GridStore['counters']> = {},
): GridStore {
  return {
    store: id,
    name: id.toUpperCase(),
    region: 'Lima',
    time_zone: 'America/Lima',
    today: '2026-03-10',
    counters: {
      total: 2,
      current: 2,
      silent: 0,
      off: 0,
      silent_since: null,
      versions: ['0.1.0'],
      ...counters,
    },
    days,
    ...extra,
  };
}

const today = (open = 0): GridDay => ({
  day: '2026-03-10',
  ended: false,
  close: null,
  totals: totals(5_000, open),
  after_close: false,
});

describe('a store day’s state', () => {
  it('says closed with exceptions first, with how many and the money at stake', () => {
    const s = store('a', []);
    const cell = cellOf(
      s,
      closedDay(
        '2026-03-09',
        summary({
          exceptions: 3,
          by_kind: { held: 1, reconcile: 1, silent: 1 },
          silent: 1,
          at_stake_cents: 45_000,
        }),
        true,
      ),
      '2026-03-09',
    );
    // The silent counter is not money: 2 exceptions, and the close's own figures.
    expect(cell).toMatchObject({
      kind: 'exceptions',
      exceptions: 2,
      silent: 1,
      atStakeCents: 45_000,
      afterClose: true,
      collectedCents: 120_000,
      billed: 4,
    });
  });

  it('says lines after the close before a silent counter, and balanced when nothing else', () => {
    const s = store('a', []);
    expect(cellOf(s, closedDay('2026-03-09', summary(), true), '2026-03-09').kind).toBe(
      'after-close',
    );
    expect(
      cellOf(s, closedDay('2026-03-09', summary({ exceptions: 1, silent: 1 })), '2026-03-09').kind,
    ).toBe('silent');
    expect(cellOf(s, closedDay('2026-03-09', summary({ off: 1 })), '2026-03-09').kind).toBe('off');
    expect(cellOf(s, closedDay('2026-03-09', summary()), '2026-03-09').kind).toBe('balanced');
  });

  it('tells a day not closed that has ended from the store’s day now, and from no activity', () => {
    const s = store('a', []);
    const ended: GridDay = { ...today(2), day: '2026-03-09', ended: true };
    expect(cellOf(s, ended, '2026-03-09')).toMatchObject({
      kind: 'not-closed',
      open: 2,
      collectedCents: 5_000,
    });
    expect(cellOf(s, today(), '2026-03-10').kind).toBe('today');
    expect(
      cellOf(s, { ...ended, totals: null }, '2026-03-09').kind,
      'an ended day without a line',
    ).toBe('no-activity');
    expect(cellOf(s, undefined, '2026-03-11').kind).toBe('absent');
  });

  it('marks a counter silent now on the days since it went silent, not before', () => {
    const s = store('a', [], {}, { silent: 1, current: 1, silent_since: '2026-03-09T22:00:00Z' });
    // 17:00 in Lima on the 9th: silent since the 9th.
    expect(cellOf(s, today(), '2026-03-10')).toMatchObject({ kind: 'silent', silent: 1 });
    const ninth: GridDay = { ...today(), day: '2026-03-09', ended: true };
    expect(cellOf(s, ninth, '2026-03-09')).toMatchObject({ kind: 'not-closed', silent: 1 });
    const eighth: GridDay = { ...ninth, day: '2026-03-08', totals: null };
    // Before it went silent, a day without lines had no activity.
    expect(cellOf(s, eighth, '2026-03-08')).toMatchObject({ kind: 'no-activity', silent: 0 });
    // Since it went silent, a day without lines may only be a day whose lines never arrived.
    expect(cellOf(s, { ...eighth, day: '2026-03-09' }, '2026-03-09').kind).toBe('not-closed');
  });
});

describe('the chain at a glance', () => {
  const grid: ChainGrid = {
    as_of: '2026-03-10T15:00:00.000Z',
    mode: 'live',
    days: 2,
    stores: [
      store('balanced', [today(), closedDay('2026-03-09', summary())], { region: 'Arequipa' }),
      store('late', [today(), { ...today(1), day: '2026-03-09', ended: true }]),
      store('small', [
        today(),
        closedDay('2026-03-09', summary({ exceptions: 1, at_stake_cents: 1_000 })),
      ]),
      store('big', [
        today(),
        closedDay('2026-03-09', summary({ exceptions: 1, at_stake_cents: 90_000 })),
      ]),
      // A store whose zone is a day ahead: its newest day is not the others'.
      store(
        'ahead',
        [
          { ...today(), day: '2026-03-11' },
          { ...today(), ended: true },
        ],
        {
          name: 'Tokio',
          region: 'Asia',
          time_zone: 'Asia/Tokyo',
          today: '2026-03-11',
        },
      ),
    ],
  };

  it('puts exceptions first, the most money first, then what else needs head office', () => {
    expect(storeRows(grid).map((r) => r.store.store)).toEqual([
      'big',
      'small',
      'ahead',
      'late',
      'balanced',
    ]);
  });

  it('has a column for every store day any store has, newest first', () => {
    expect(gridDates(grid)).toEqual(['2026-03-11', '2026-03-10', '2026-03-09']);
    const ahead = storeRows(grid).find((r) => r.store.store === 'ahead');
    expect(ahead?.cells.map((c) => c.kind)).toEqual(['today', 'not-closed', 'absent']);
  });

  it('adds up each day across the stores shown, and each store across its days', () => {
    const rows = storeRows(grid);
    const [eleventh, tenth, ninth] = dayRollups(rows, gridDates(grid));
    expect(eleventh).toMatchObject({ stores: 1, closed: 0 });
    expect(tenth).toMatchObject({ stores: 5, closed: 0, notClosed: 1, collectedCents: 25_000 });
    expect(ninth).toMatchObject({
      stores: 4,
      closed: 3,
      exceptions: 2,
      notClosed: 1,
      atStakeCents: 91_000,
      collectedCents: 3 * 120_000 + 5_000,
    });
    expect(rows[0]?.rollup).toMatchObject({ collectedCents: 125_000, atStakeCents: 90_000 });
  });

  it('filters by region and by words of a store’s name or id, accents aside', () => {
    const only = (region: string | null, text: string) =>
      grid.stores.filter((s) => matchesFilter(s, { region, text })).map((s) => s.store);
    expect(only('Arequipa', '')).toEqual(['balanced']);
    expect(only(null, 'tokio')).toEqual(['ahead']);
    expect(only(null, 'TÓKIO asia')).toEqual(['ahead']);
    expect(only('Lima', 'tokio')).toEqual([]);
    expect(regionsOf(grid)).toEqual(['Arequipa', 'Asia', 'Lima']);
  });

  it('prints the newest day that has ended in every store', () => {
    expect(chainDay(grid)).toBe('2026-03-09');
  });
});
