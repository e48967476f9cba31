// The chain at a glance (docs/head-office.md "What each state means"): a row per store, exceptions
// first, a column per store day, newest first; each cell one state in a few letters with its icon
// (and its whole sentence for a screen reader and for the line under the grid). Keyboard first:
// the grid is one stop of Tab; the arrows move, Home/End go to a row's first or last day, Enter
// opens the store's day.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import type { DayRollup, StoreRow } from '../../shared/head-office/cell-state';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { CELL_ICON, cellLabel, cellSentence, storeLabel } from './office-words';

export type CellAt = { row: number; col: number };

function dayHeader(day: string, language: string): { weekday: string; date: string } {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return {
    weekday: new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date),
    date: new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    }).format(date),
  };
}

export function ChainGrid({
  rows,
  dates,
  rollups,
  start,
  onOpen,
}: {
  rows: readonly StoreRow[];
  dates: readonly string[];
  rollups: readonly DayRollup[];
  /** The cell that has the grid's focus stop (the one last opened, else the chain's day's first). */
  start: CellAt;
  onOpen: (store: string, day: string, at: CellAt) => void;
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const ids = useId();
  const table = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<CellAt>(start);
  const clamp = (at: CellAt): CellAt => ({
    row: Math.max(0, Math.min(rows.length - 1, at.row)),
    col: Math.max(0, Math.min(dates.length - 1, at.col)),
  });
  const current = clamp(active);
  const focusCell = (at: CellAt) => {
    const next = clamp(at);
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

  /** `target`, or the next cell with a button from it in the direction of `dir`. */
  const stepTo = (target: CellAt, dir: CellAt): CellAt => {
    let at = clamp(target);
    for (let i = 0; i <= rows.length + dates.length; i += 1) {
      if (rows[at.row]?.cells[at.col]?.kind !== 'absent') return at;
      const next = clamp({ row: at.row + dir.row, col: at.col + dir.col });
      if (next.row === at.row && next.col === at.col) break;
      at = next;
    }
    return current;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const { row, col } = current;
    const last = { row: rows.length - 1, col: dates.length - 1 };
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
      Home: [event.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 }, { row: 0, col: 1 }],
      End: [event.ctrlKey ? last : { row, col: last.col }, { row: 0, col: -1 }],
      PageDown: [
        { row: row + 10, col },
        { row: 1, col: 0 },
      ],
      PageUp: [
        { row: row - 10, col },
        { row: -1, col: 0 },
      ],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusCell(stepTo(move[0], move[1]));
  };

  const focusedRow = rows[current.row];
  const focusedCell = focusedRow?.cells[current.col];
  return (
    <>
      <div className="office-grid__scroll">
        <table
          ref={table}
          className="office-grid"
          aria-describedby={`${ids}-help`}
          onKeyDown={onKeyDown}
          data-testid="office-grid"
        >
          <caption>{t('headOffice.grid.caption', { days: dates.length })}</caption>
          <thead>
            <tr>
              <th scope="col" className="office-grid__corner">
                {t('headOffice.grid.store')}
              </th>
              {dates.map((day) => {
                const head = dayHeader(day, language);
                return (
                  <th key={day} scope="col" className="office-grid__day">
                    <span className="office-grid__weekday">{head.weekday}</span>
                    <span>{head.date}</span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.store.store}>
                <th scope="row" className="office-grid__store">
                  <span className="office-grid__name">{storeLabel(row.store)}</span>
                  {row.store.region ? (
                    <span className="office-grid__where">{row.store.region}</span>
                  ) : null}
                  <span className="office-grid__totals">
                    {formatPEN(row.rollup.collectedCents)}
                    <span className="office-grid__counts">
                      {` · ${t('headOffice.grid.counts', {
                        billed: row.rollup.billed,
                        undone: row.rollup.undone,
                      })}`}
                    </span>
                  </span>
                  {row.rollup.atStakeCents > 0 ? (
                    <span className="office-grid__stake">
                      <span aria-hidden="true">⚠ </span>
                      {t('headOffice.grid.atStake', { amount: formatPEN(row.rollup.atStakeCents) })}
                    </span>
                  ) : null}
                  {row.rollup.silentNow > 0 ? (
                    <span className="office-grid__silent">
                      <span aria-hidden="true">◌ </span>
                      {row.rollup.silentNow === 1
                        ? t('headOffice.grid.silentNow', { count: 1 })
                        : t('headOffice.grid.silentNowMany', { count: row.rollup.silentNow })}
                    </span>
                  ) : null}
                </th>
                {row.cells.map((cell, c) => {
                  if (cell.kind === 'absent') {
                    return (
                      <td key={cell.day} className="office-cell office-cell--absent">
                        <span className="visually-hidden">{t('headOffice.state.absent')}</span>
                      </td>
                    );
                  }
                  const isActive = r === current.row && c === current.col;
                  return (
                    <td key={cell.day} className={`office-cell office-cell--${cell.kind}`}>
                      <button
                        type="button"
                        className="office-cell__button"
                        tabIndex={isActive ? 0 : -1}
                        data-cell={`${r}:${c}`}
                        data-state={cell.kind}
                        data-store={row.store.store}
                        data-day={cell.day}
                        onFocus={() => setActive({ row: r, col: c })}
                        onClick={() => onOpen(row.store.store, cell.day, { row: r, col: c })}
                      >
                        <span className="office-cell__icon" aria-hidden="true">
                          {CELL_ICON[cell.kind]}
                        </span>
                        <span className="office-cell__label">{cellLabel(cell, t)}</span>
                        {cell.kind === 'exceptions' ? (
                          <span className="office-cell__figure">
                            {formatPEN(cell.atStakeCents)}
                          </span>
                        ) : null}
                        {cell.afterClose && cell.kind !== 'after-close' ? (
                          <span className="office-cell__flag" aria-hidden="true">
                            ↺
                          </span>
                        ) : null}
                        <span className="visually-hidden">
                          {` — ${cellSentence(row.store, cell, t, language)}`}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('headOffice.grid.closedRow')}</th>
              {rollups.map((up) => (
                <td key={up.day} className="office-grid__closed">
                  {t('headOffice.grid.closedOf', { closed: up.closed, stores: up.stores })}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p id={`${ids}-help`} className="office-grid__help muted">
        {t('headOffice.grid.help')}
      </p>
      <p className="office-grid__focused" data-testid="office-focused">
        {focusedRow && focusedCell
          ? t('headOffice.grid.focused', {
              text: cellSentence(focusedRow.store, focusedCell, t, language),
            })
          : '\u00a0'}
      </p>
    </>
  );
}
