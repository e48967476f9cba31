// A store's row of the chain grid (docs/head-office.md "What each state means"): the store with
// its region, its days' totals, the money at stake and its counters silent now; then a cell per
// day, each a button with its state's icon and few letters (its whole sentence for a screen
// reader), or nothing for a day the store does not have.
import { formatPEN } from '../../shared/domain/money';
import type { Cell, StoreRow } from '../../shared/head-office/cell-state';
import type { CellAt } from './grid-moves';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { CELL_ICON, cellLabel, cellSentence, storeLabel } from './office-words';

export function ChainGridRow({
  row,
  r,
  current,
  onFocusCell,
  onOpen,
}: {
  row: StoreRow;
  /** The row's place in the grid. */
  r: number;
  /** The cell with the grid's focus stop. */
  current: CellAt;
  onFocusCell: (at: CellAt) => void;
  onOpen: (store: string, day: string, at: CellAt) => void;
}) {
  return (
    <tr>
      <StoreHeading row={row} />
      {row.cells.map((cell, c) => (
        <GridCell
          key={cell.day}
          row={row}
          cell={cell}
          at={{ row: r, col: c }}
          active={r === current.row && c === current.col}
          onFocusCell={onFocusCell}
          onOpen={onOpen}
        />
      ))}
    </tr>
  );
}

function StoreHeading({ row }: { row: StoreRow }) {
  const t = useOfficeT();
  return (
    <th scope="row" className="office-grid__store">
      <span className="office-grid__name">{storeLabel(row.store)}</span>
      {row.store.region ? <span className="office-grid__where">{row.store.region}</span> : null}
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
  );
}

function GridCell({
  row,
  cell,
  at,
  active,
  onFocusCell,
  onOpen,
}: {
  row: StoreRow;
  cell: Cell;
  at: CellAt;
  active: boolean;
  onFocusCell: (at: CellAt) => void;
  onOpen: (store: string, day: string, at: CellAt) => void;
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  if (cell.kind === 'absent') {
    return (
      <td className="office-cell office-cell--absent">
        <span className="visually-hidden">{t('headOffice.state.absent')}</span>
      </td>
    );
  }
  return (
    <td className={`office-cell office-cell--${cell.kind}`}>
      <button
        type="button"
        className="office-cell__button"
        tabIndex={active ? 0 : -1}
        data-cell={`${at.row}:${at.col}`}
        data-state={cell.kind}
        data-store={row.store.store}
        data-day={cell.day}
        onFocus={() => onFocusCell(at)}
        onClick={() => onOpen(row.store.store, cell.day, at)}
      >
        <span className="office-cell__icon" aria-hidden="true">
          {CELL_ICON[cell.kind]}
        </span>
        <span className="office-cell__label">{cellLabel(cell, t)}</span>
        {cell.kind === 'exceptions' ? (
          <span className="office-cell__figure">{formatPEN(cell.atStakeCents)}</span>
        ) : null}
        {cell.afterClose && cell.kind !== 'after-close' ? (
          <span className="office-cell__flag" aria-hidden="true">
            ↺
          </span>
        ) : null}
        <span className="visually-hidden">{` — ${cellSentence(row.store, cell, t, language)}`}</span>
      </button>
    </td>
  );
}
