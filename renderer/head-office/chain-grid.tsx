// The chain at a glance (docs/head-office.md "What each state means"): a row per store, exceptions
// first, a column per store day, newest first; each cell one state in a few letters with its icon
// (and its whole sentence for a screen reader and for the line under the grid). Keyboard first:
// the grid is one stop of Tab; the arrows move, Home/End go to a row's first or last day, Enter
// opens the store's day. Its parts: the header (chain-grid-head.tsx), a store's row
// (chain-grid-row.tsx), the focus stop and the keys (use-grid-focus.ts, grid-moves.ts).
import { useId } from 'react';
import type { DayRollup, StoreRow } from '../../shared/head-office/cell-state';
import { ChainGridHead } from './chain-grid-head';
import { ChainGridRow } from './chain-grid-row';
import type { CellAt } from './grid-moves';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { cellSentence } from './office-words';
import { useGridFocus } from './use-grid-focus';

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
  const { table, current, setActive, onKeyDown } = useGridFocus(rows, dates.length, start);
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
          <ChainGridHead dates={dates} />
          <tbody>
            {rows.map((row, r) => (
              <ChainGridRow
                key={row.store.store}
                row={row}
                r={r}
                current={current}
                onFocusCell={setActive}
                onOpen={onOpen}
              />
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
