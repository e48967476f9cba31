// Each day's totals across the stores shown (docs/head-office.md "What each state means"): how
// many closed, their exceptions and money at stake, how many did not close, and the money of the
// day. `ids` is the page's, so the heading keeps its id.
import { formatPEN } from '../../shared/domain/money';
import { formatStoreDay } from '../../shared/domain/store-time';
import type { DayRollup } from '../../shared/head-office/cell-state';
import { useOfficeLanguage, useOfficeT } from './office-language';

export function ChainTotals({ ids, rollups }: { ids: string; rollups: readonly DayRollup[] }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  return (
    <section className="card office-totals" aria-labelledby={`${ids}-totals`}>
      <h2 id={`${ids}-totals`}>{t('headOffice.totals.title')}</h2>
      <div className="office-totals__scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('headOffice.csv.day')}</th>
              <th scope="col" className="num">
                {t('headOffice.grid.closedRow')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.csv.exceptions')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.csv.atStake')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.totals.notClosed')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.csv.collected')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.csv.billed')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.csv.undone')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rollups.map((r) => (
              <tr key={r.day}>
                <th scope="row">{formatStoreDay(r.day, language)}</th>
                <td className="num">
                  {t('headOffice.grid.closedOf', { closed: r.closed, stores: r.stores })}
                </td>
                <td className="num">{r.exceptions}</td>
                <td className="num">{formatPEN(r.atStakeCents)}</td>
                <td className="num">{r.notClosed}</td>
                <td className="num">{formatPEN(r.collectedCents)}</td>
                <td className="num">{r.billed}</td>
                <td className="num">{r.undone}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
