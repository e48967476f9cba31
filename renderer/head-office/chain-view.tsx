// The chain's page: the chain's day in a few lines (how many closed, the money at stake), the
// filters (region, store), the exports (the grid's CSV, the chain's day on one A4 page), the
// grid, and each day's totals across the stores shown. Its parts: the day (chain-day-facts.tsx),
// the tools (chain-tools.tsx), the grid (chain-grid.tsx), the totals (chain-totals.tsx); what it
// shows of the grid read (use-chain-rows.ts) and its exports (use-chain-exports.ts).
import { useId } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import { ChainDayFacts } from './chain-day-facts';
import { ChainGrid } from './chain-grid';
import { ChainTools } from './chain-tools';
import { ChainTotals } from './chain-totals';
import { useOfficeT } from './office-language';
import { useOfficeStore } from './office-store';
import { useChainExports } from './use-chain-exports';
import { useChainRows } from './use-chain-rows';

export function ChainView({
  view,
  returnTo,
  onOpen,
}: {
  view: BridgeResult<'headOffice.grid'>;
  /** The store day the reader came back from, to give its cell the focus again. */
  returnTo: { store: string; day: string } | null;
  onOpen: (store: string, day: string) => void;
}) {
  const t = useOfficeT();
  const { filter, setFilter } = useOfficeStore();
  const ids = useId();
  const { dates, all, rows, rollups, regions, day, up, start } = useChainRows(
    view.grid,
    filter,
    returnTo,
  );
  const { pdf, exportCsv, exportPdf } = useChainExports({ view, rows, filter, day, dates });

  return (
    <>
      {up && day ? <ChainDayFacts ids={ids} day={day} up={up} /> : null}
      <ChainTools
        regions={regions}
        filter={filter}
        setFilter={setFilter}
        pdf={pdf}
        canPdf={day !== null}
        onCsv={exportCsv}
        onPdf={() => void exportPdf()}
      />
      <p className="office-filter__shown" role="status">
        {rows.length === 0
          ? t('headOffice.filter.none')
          : t('headOffice.filter.shown', { shown: rows.length, total: all.length })}
        {pdf === 'failed' ? ` ${t('headOffice.pdfFailed')}` : ''}
      </p>
      {rows.length > 0 ? (
        <ChainGrid
          rows={rows}
          dates={dates}
          rollups={rollups}
          start={start}
          onOpen={(store, day) => onOpen(store, day)}
        />
      ) : null}
      {rows.length > 0 ? <ChainTotals ids={ids} rollups={rollups} /> : null}
    </>
  );
}
