// The chain grid's keys: each moves the focus stop where docs/head-office.md "What each state
// means" (keyboard first) says, never out of the grid, stepping over a day a store does not have;
// another key moves nothing.
import { describe, expect, it } from 'vitest';
import type { StoreRow } from '../../shared/head-office/cell-state';
import { type CellAt, clampCell, keyMove, stepTo } from './grid-moves';

/** A grid of rows of cells, `.` a cell with a button and `_` a day the store does not have. */
const gridOf = (...lines: string[]): StoreRow[] =>
  lines.map(
    (line) =>
      ({
        cells: [...line].map((c) => ({ kind: c === '_' ? 'absent' : 'balanced' })),
      }) as unknown as StoreRow,
  );

const press = (rows: StoreRow[], key: string, at: CellAt, ctrlKey = false): CellAt => {
  const cols = rows[0]?.cells.length ?? 0;
  const move = keyMove(key, ctrlKey, at, { row: rows.length - 1, col: cols - 1 });
  return move ? stepTo(rows, cols, move[0], move[1], at) : at;
};

describe('the chain grid’s keys', () => {
  const rows = gridOf('....', '._..', '....');

  it('move a cell with the arrows and stay inside the grid', () => {
    expect(press(rows, 'ArrowRight', { row: 0, col: 0 })).toEqual({ row: 0, col: 1 });
    expect(press(rows, 'ArrowLeft', { row: 0, col: 0 })).toEqual({ row: 0, col: 0 });
    expect(press(rows, 'ArrowDown', { row: 2, col: 3 })).toEqual({ row: 2, col: 3 });
    expect(press(rows, 'ArrowUp', { row: 2, col: 3 })).toEqual({ row: 1, col: 3 });
  });

  it('step over a day a store does not have, in the move’s direction', () => {
    expect(press(rows, 'ArrowRight', { row: 1, col: 0 })).toEqual({ row: 1, col: 2 });
    expect(press(rows, 'ArrowLeft', { row: 1, col: 2 })).toEqual({ row: 1, col: 0 });
    expect(press(rows, 'ArrowDown', { row: 0, col: 1 })).toEqual({ row: 2, col: 1 });
    // Nothing with a button that way: the stop stays.
    const edge = gridOf('._', '._');
    expect(press(edge, 'ArrowRight', { row: 0, col: 0 })).toEqual({ row: 0, col: 0 });
  });

  it('go to a row’s first or last day with Home/End, the grid’s with Ctrl, ten stores a page', () => {
    expect(press(rows, 'Home', { row: 2, col: 2 })).toEqual({ row: 2, col: 0 });
    expect(press(rows, 'End', { row: 0, col: 1 })).toEqual({ row: 0, col: 3 });
    expect(press(rows, 'Home', { row: 2, col: 2 }, true)).toEqual({ row: 0, col: 0 });
    expect(press(rows, 'End', { row: 0, col: 1 }, true)).toEqual({ row: 2, col: 3 });
    expect(press(rows, 'PageDown', { row: 0, col: 0 })).toEqual({ row: 2, col: 0 });
    expect(press(rows, 'PageUp', { row: 2, col: 0 })).toEqual({ row: 0, col: 0 });
  });

  it('leave another key to the page', () => {
    expect(keyMove('Enter', false, { row: 0, col: 0 }, { row: 2, col: 3 })).toBeUndefined();
    expect(keyMove('a', false, { row: 0, col: 0 }, { row: 2, col: 3 })).toBeUndefined();
  });

  it('keep a stop inside a grid that shrank', () => {
    expect(clampCell({ row: 9, col: -1 }, 3, 14)).toEqual({ row: 2, col: 0 });
  });
});
