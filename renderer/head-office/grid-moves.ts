// Where a key moves the chain grid's focus (docs/head-office.md "What each state means" (keyboard
// first)): the arrows a cell, Home/End a row's first or last day (with Ctrl the grid's),
// PageUp/PageDown ten stores; a cell without a button (a day the store does not have) is stepped
// over in the move's direction. Pure.
import type { StoreRow } from '../../shared/head-office/cell-state';

export type CellAt = { row: number; col: number };

/** `at` kept inside a grid of `rows` × `cols`. */
export function clampCell(at: CellAt, rows: number, cols: number): CellAt {
  return {
    row: Math.max(0, Math.min(rows - 1, at.row)),
    col: Math.max(0, Math.min(cols - 1, at.col)),
  };
}

/** The key's target from `current` and the direction to step in past an absent cell; none for another key. */
export function keyMove(
  key: string,
  ctrlKey: boolean,
  current: CellAt,
  last: CellAt,
): [CellAt, CellAt] | undefined {
  const { row, col } = current;
  const moves: Record<string, [CellAt, CellAt]> = {
    ArrowRight: [
      { row, col: col + 1 },
      { row: 0, col: 1 },
    ],
    ArrowLeft: [
      { row, col: col - 1 },
      { row: 0, col: -1 },
    ],
    ArrowDown: [
      { row: row + 1, col },
      { row: 1, col: 0 },
    ],
    ArrowUp: [
      { row: row - 1, col },
      { row: -1, col: 0 },
    ],
    Home: [ctrlKey ? { row: 0, col: 0 } : { row, col: 0 }, { row: 0, col: 1 }],
    End: [ctrlKey ? last : { row, col: last.col }, { row: 0, col: -1 }],
    PageDown: [
      { row: row + 10, col },
      { row: 1, col: 0 },
    ],
    PageUp: [
      { row: row - 10, col },
      { row: -1, col: 0 },
    ],
  };
  return moves[key];
}

/** `target`, or the next cell with a button from it in the direction of `dir`; else `current`. */
export function stepTo(
  rows: readonly StoreRow[],
  cols: number,
  target: CellAt,
  dir: CellAt,
  current: CellAt,
): CellAt {
  let at = clampCell(target, rows.length, cols);
  for (let i = 0; i <= rows.length + cols; i += 1) {
    if (rows[at.row]?.cells[at.col]?.kind !== 'absent') return at;
    const next = clampCell({ row: at.row + dir.row, col: at.col + dir.col }, rows.length, cols);
    if (next.row === at.row && next.col === at.col) break;
    at = next;
  }
  return current;
}
