// What the chain's page shows of the grid it read (docs/head-office.md "What each state means"):
// its days, its stores in order and those the filter keeps, each day's totals across them, the
// regions to filter by, the chain's day and its totals, and the cell the grid's focus starts on.
import { useMemo } from 'react';
import {
  chainDay,
  dayRollups,
  type GridFilter,
  gridDates,
  matchesFilter,
  regionsOf,
  storeRows,
} from '../../shared/head-office/cell-state';
import type { ChainGrid } from '../../shared/head-office/chain';
import type { CellAt } from './grid-moves';

export function useChainRows(
  grid: ChainGrid,
  filter: GridFilter,
  /** The store day the reader came back from, to give its cell the focus again. */
  returnTo: { store: string; day: string } | null,
) {
  const dates = useMemo(() => gridDates(grid), [grid]);
  const all = useMemo(() => storeRows(grid, dates), [grid, dates]);
  const rows = useMemo(() => all.filter((row) => matchesFilter(row.store, filter)), [all, filter]);
  const rollups = useMemo(() => dayRollups(rows, dates), [rows, dates]);
  const regions = useMemo(() => regionsOf(grid), [grid]);
  const day = chainDay(grid, dates);
  const dayIndex = day ? dates.indexOf(day) : 0;
  const up = rollups[dayIndex];
  const start = useMemo<CellAt>(() => {
    if (returnTo) {
      const row = rows.findIndex((r) => r.store.store === returnTo.store);
      const col = dates.indexOf(returnTo.day);
      if (row >= 0 && col >= 0) return { row, col };
    }
    return { row: 0, col: Math.max(0, dayIndex) };
  }, [returnTo, rows, dates, dayIndex]);
  return { dates, all, rows, rollups, regions, day, up, start };
}
