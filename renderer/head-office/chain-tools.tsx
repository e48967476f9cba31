// The chain's page's tools (docs/head-office.md "What each state means" (its filters) and
// "Export"): the region and the store to show (cleared in one press), and the grid's CSV and the
// chain's day's PDF.
import type { GridFilter } from '../../shared/head-office/cell-state';
import { useOfficeT } from './office-language';

export function ChainTools({
  regions,
  filter,
  setFilter,
  pdf,
  canPdf,
  onCsv,
  onPdf,
}: {
  regions: readonly string[];
  filter: GridFilter;
  setFilter: (change: Partial<GridFilter>) => void;
  pdf: 'idle' | 'busy' | 'failed';
  /** The chain has a day to print. */
  canPdf: boolean;
  onCsv: () => void;
  onPdf: () => void;
}) {
  const t = useOfficeT();
  return (
    <div className="office-tools">
      <fieldset className="office-filter">
        <legend className="visually-hidden">{t('headOffice.filter.legend')}</legend>
        <label className="office-filter__field">
          <span>{t('headOffice.filter.region')}</span>
          <select
            className="input"
            value={filter.region ?? ''}
            onChange={(event) => setFilter({ region: event.target.value || null })}
          >
            <option value="">{t('headOffice.filter.allRegions')}</option>
            {regions.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </label>
        <label className="office-filter__field">
          <span>{t('headOffice.filter.store')}</span>
          <input
            className="input"
            type="search"
            maxLength={80}
            value={filter.text}
            onChange={(event) => setFilter({ text: event.target.value })}
          />
        </label>
        {filter.region !== null || filter.text !== '' ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => setFilter({ region: null, text: '' })}
          >
            {t('headOffice.filter.clear')}
          </button>
        ) : null}
      </fieldset>
      <div className="office-tools__export">
        <button type="button" className="button" onClick={onCsv}>
          {t('headOffice.export.gridCsv')}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={pdf === 'busy' || !canPdf}
          onClick={() => (pdf === 'busy' ? undefined : onPdf())}
        >
          {pdf === 'busy' ? t('headOffice.pdfBusy') : t('headOffice.pdf')}
        </button>
      </div>
    </div>
  );
}
