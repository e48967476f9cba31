// The chain at a glance (docs/head-office.md "What each state means"): each store day one state,
// the stores that need head office first, and the totals per day and per store. Pure: the page,
// its CSV and the printed chain's day all read them from here.
import { dayInZone } from '../domain/store-time';
import type { ChainGrid, GridDay, GridStore } from './chain';

/**
 * One store day's state, the first of these that holds:
 * - `exceptions`: closed, with exceptions that are money (held for a refused sale, a customer not
 *   balancing with the service, a record the database holds back);
 * - `after-close`: closed, and lines of the day reached the database after its close;
 * - `silent`: closed with a silent counter acknowledged in the note; or the store's day now, with
 *   a counter silent;
 * - `off`: closed with a counter marked off for the day by a supervisor;
 * - `balanced`: closed with no exception;
 * - `not-closed`: the day has ended in the store and nobody closed it;
 * - `today`: the store's day now, not closed (it cannot be before it ends);
 * - `no-activity`: an ended day with no line and no close (a day the store did not open);
 * - `absent`: not one of the store's last days (another store's zone is ahead of it).
 */
export type CellKind =
  | 'exceptions'
  | 'after-close'
  | 'silent'
  | 'off'
  | 'balanced'
  | 'not-closed'
  | 'today'
  | 'no-activity'
  | 'absent';

export type Cell = {
  kind: CellKind;
  day: string;
  closed: boolean;
  ended: boolean;
  /** Exceptions of the close that are money (not a silent counter). */
  exceptions: number;
  /** The close's money at stake: held for refused sales and customers' differences. */
  atStakeCents: number;
  /** Silent counters: acknowledged in the close, or silent now on a day not closed. */
  silent: number;
  /** Counters marked off in the close. */
  off: number;
  afterClose: boolean;
  /** Operations without a definite answer (a day not closed). */
  open: number;
  /** The close's figures when closed (what the supervisor closed), else the day's live ones. */
  collectedCents: number;
  billed: number;
  undone: number;
  operations: number;
};

const EMPTY: Omit<Cell, 'kind' | 'day' | 'closed' | 'ended'> = {
  exceptions: 0,
  atStakeCents: 0,
  silent: 0,
  off: 0,
  afterClose: false,
  open: 0,
  collectedCents: 0,
  billed: 0,
  undone: 0,
  operations: 0,
};

/** The store's day (YYYY-MM-DD) of an instant, in its own zone (UTC if it names none known). */
function storeDayOf(iso: string, timeZone: string): string {
  try {
    return dayInZone(new Date(iso), timeZone);
  } catch {
    return dayInZone(new Date(iso), 'UTC');
  }
}

/**
 * Whether the store's silent counters concern `day`: silent since that day or before, so what
 * they did that day (and after) may not be in the database.
 */
function silentOn(store: GridStore, day: string): boolean {
  if (store.counters.silent === 0) return false;
  const since = store.counters.silent_since;
  return since === null || storeDayOf(since, store.time_zone) <= day;
}

export function cellOf(store: GridStore, day: GridDay | undefined, date: string): Cell {
  if (!day) return { kind: 'absent', day: date, closed: false, ended: false, ...EMPTY };
  const live = day.totals;
  const figures = {
    collectedCents: live?.collected_cents ?? 0,
    billed: live?.billed ?? 0,
    undone: live?.undone ?? 0,
    operations: live?.operations ?? 0,
  };
  if (day.close) {
    const s = day.close.summary;
    const closedTotals = s?.totals;
    const silent = s?.silent ?? 0;
    const exceptions = Math.max(0, (s?.exceptions ?? 0) - silent);
    const off = s?.off ?? 0;
    const kind: CellKind =
      exceptions > 0
        ? 'exceptions'
        : day.after_close
          ? 'after-close'
          : silent > 0
            ? 'silent'
            : off > 0
              ? 'off'
              : 'balanced';
    return {
      kind,
      day: day.day,
      closed: true,
      ended: day.ended,
      exceptions,
      atStakeCents: s?.at_stake_cents ?? 0,
      silent,
      off,
      afterClose: day.after_close,
      open: 0,
      ...(closedTotals
        ? {
            collectedCents: closedTotals.collected_cents,
            billed: closedTotals.billed,
            undone: closedTotals.undone,
            operations: closedTotals.operations,
          }
        : figures),
    };
  }
  const silent = silentOn(store, day.day) ? store.counters.silent : 0;
  const base = {
    day: day.day,
    closed: false,
    ended: day.ended,
    ...EMPTY,
    ...figures,
    silent,
    open: live?.open ?? 0,
  };
  if (!day.ended) return { ...base, kind: silent > 0 ? 'silent' : 'today' };
  if (!live && silent === 0) return { ...base, kind: 'no-activity' };
  return { ...base, kind: 'not-closed' };
}

/** The columns of the grid: every store day any store has, newest first. */
export function gridDates(grid: ChainGrid): string[] {
  const all = new Set<string>();
  for (const store of grid.stores) for (const day of store.days) all.add(day.day);
  return [...all].sort().reverse();
}

export function cellsOf(store: GridStore, dates: readonly string[]): Cell[] {
  const byDay = new Map(store.days.map((d) => [d.day, d]));
  return dates.map((date) => cellOf(store, byDay.get(date), date));
}

/** What a store's row adds up to over the days shown, and what it needs of head office. */
export type StoreRollup = {
  collectedCents: number;
  billed: number;
  undone: number;
  atStakeCents: number;
  exceptions: number;
  exceptionDays: number;
  notClosedDays: number;
  afterCloseDays: number;
  silentNow: number;
};

export function rollupOf(store: GridStore, cells: readonly Cell[]): StoreRollup {
  const up: StoreRollup = {
    collectedCents: 0,
    billed: 0,
    undone: 0,
    atStakeCents: 0,
    exceptions: 0,
    exceptionDays: 0,
    notClosedDays: 0,
    afterCloseDays: 0,
    silentNow: store.counters.silent,
  };
  for (const cell of cells) {
    up.collectedCents += cell.collectedCents;
    up.billed += cell.billed;
    up.undone += cell.undone;
    up.atStakeCents += cell.atStakeCents;
    up.exceptions += cell.exceptions;
    if (cell.kind === 'exceptions') up.exceptionDays += 1;
    if (cell.kind === 'not-closed') up.notClosedDays += 1;
    if (cell.afterClose) up.afterCloseDays += 1;
  }
  return up;
}

export type StoreRow = { store: GridStore; cells: Cell[]; rollup: StoreRollup };

const label = (s: GridStore) => s.name ?? s.store;

/**
 * The stores in the order head office works them: those with exceptions first, the most money at
 * stake first; then those with a day not closed, a silent counter or lines after a close (the
 * most such days first); then the rest; each group by region, name and id.
 */
export function orderStores(rows: readonly StoreRow[]): StoreRow[] {
  const group = (r: StoreRow) =>
    r.rollup.exceptionDays > 0
      ? 0
      : r.rollup.notClosedDays + r.rollup.afterCloseDays + (r.rollup.silentNow > 0 ? 1 : 0) > 0
        ? 1
        : 2;
  const others = (r: StoreRow) =>
    r.rollup.notClosedDays + r.rollup.afterCloseDays + (r.rollup.silentNow > 0 ? 1 : 0);
  return [...rows].sort(
    (a, b) =>
      group(a) - group(b) ||
      b.rollup.atStakeCents - a.rollup.atStakeCents ||
      b.rollup.exceptions - a.rollup.exceptions ||
      others(b) - others(a) ||
      (a.store.region ?? '\uffff').localeCompare(b.store.region ?? '\uffff', 'es') ||
      label(a.store).localeCompare(label(b.store), 'es', { numeric: true }) ||
      (a.store.store < b.store.store ? -1 : a.store.store > b.store.store ? 1 : 0),
  );
}

export function storeRows(grid: ChainGrid, dates = gridDates(grid)): StoreRow[] {
  return orderStores(
    grid.stores.map((store) => {
      const cells = cellsOf(store, dates);
      return { store, cells, rollup: rollupOf(store, cells) };
    }),
  );
}

/** What head office filters the grid by: a region (exactly), and words of a store's name or id. */
export type GridFilter = { region: string | null; text: string };

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

export function matchesFilter(store: GridStore, filter: GridFilter): boolean {
  if (filter.region !== null && store.region !== filter.region) return false;
  const words = fold(filter.text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${store.name ?? ''} ${store.store} ${store.region ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/** The regions of the chain, in order, for the filter. */
export function regionsOf(grid: ChainGrid): string[] {
  return [...new Set(grid.stores.flatMap((s) => (s.region === null ? [] : [s.region])))].sort(
    (a, b) => a.localeCompare(b, 'es'),
  );
}

/** One day across the stores shown. */
export type DayRollup = {
  day: string;
  /** Stores with that day among their last days. */
  stores: number;
  closed: number;
  exceptions: number;
  notClosed: number;
  silent: number;
  afterClose: number;
  atStakeCents: number;
  collectedCents: number;
  billed: number;
  undone: number;
};

export function dayRollups(rows: readonly StoreRow[], dates: readonly string[]): DayRollup[] {
  return dates.map((day, index) => {
    const up: DayRollup = {
      day,
      stores: 0,
      closed: 0,
      exceptions: 0,
      notClosed: 0,
      silent: 0,
      afterClose: 0,
      atStakeCents: 0,
      collectedCents: 0,
      billed: 0,
      undone: 0,
    };
    for (const row of rows) {
      const cell = row.cells[index];
      if (!cell || cell.kind === 'absent') continue;
      up.stores += 1;
      if (cell.closed) up.closed += 1;
      if (cell.kind === 'exceptions') up.exceptions += 1;
      if (cell.kind === 'not-closed') up.notClosed += 1;
      if (cell.silent > 0) up.silent += 1;
      if (cell.afterClose) up.afterClose += 1;
      up.atStakeCents += cell.atStakeCents;
      up.collectedCents += cell.collectedCents;
      up.billed += cell.billed;
      up.undone += cell.undone;
    }
    return up;
  });
}

/**
 * The chain's day: the newest day that has ended in every store (yesterday, for a chain in one
 * zone), else the newest day of the grid. What the printed page and the page's summary are of.
 */
export function chainDay(grid: ChainGrid, dates = gridDates(grid)): string | null {
  const ended = dates.filter((date) =>
    grid.stores.every((s) => s.days.find((d) => d.day === date)?.ended ?? date < s.today),
  );
  return ended[0] ?? dates[0] ?? null;
}
