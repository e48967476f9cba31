// The chain grid's one focus stop (docs/head-office.md "What each state means" (keyboard first)):
// the cell that has it, moved by the keys (grid-moves.ts) and by a click or Tab; a new start (the
// grid read again, a filter) moves the stop without taking the focus; shown, the grid takes the
// focus at its stop.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { StoreRow } from '../../shared/head-office/cell-state';
import { type CellAt, clampCell, keyMove, stepTo } from './grid-moves';

export function useGridFocus(rows: readonly StoreRow[], cols: number, start: CellAt) {
  const table = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<CellAt>(start);
  const current = clampCell(active, rows.length, cols);
  const focusCell = (at: CellAt) => {
    const next = clampCell(at, rows.length, cols);
    setActive(next);
    table.current
      ?.querySelector<HTMLButtonElement>(`[data-cell="${next.row}:${next.col}"]`)
      ?.focus();
  };
  // A new start (the grid read again, a filter) moves the stop there, without taking the focus
  // from where the reader is (typing in the filter, say).
  useEffect(() => setActive(start), [start]);
  // Shown (the page opened, or back from a store's day): the focus is on the grid's stop, so the
  // arrows work at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the grid is shown
  useEffect(() => {
    table.current
      ?.querySelector<HTMLButtonElement>(`[data-cell="${start.row}:${start.col}"]`)
      ?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const last = { row: rows.length - 1, col: cols - 1 };
    const move = keyMove(event.key, event.ctrlKey, current, last);
    if (!move) return;
    event.preventDefault();
    focusCell(stepTo(rows, cols, move[0], move[1], current));
  };
  return { table, current, setActive, onKeyDown };
}
