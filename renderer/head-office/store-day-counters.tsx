// A store day's counters (docs/head-office.md "Drilling into a store's day"): a row each, with its
// figures (the close's, else the database's now), its freshness at the close and now (a silent
// one marked), and its app's version. `ids` is the page's, so the heading keeps its id.
import type { StoreDay } from '../../shared/head-office/chain';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { freshnessAtClose, freshnessNow } from './office-words';
import { dayCounterIds, dayCounterName, moneyText } from './store-day-lines';

export function StoreDayCounters({ ids, day }: { ids: string; day: StoreDay }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const content = day.close?.content ?? null;
  const zone = day.time_zone;
  return (
    <section className="card" aria-labelledby={`${ids}-counters`}>
      <h3 id={`${ids}-counters`}>{t('headOffice.store.counters')}</h3>
      <div className="office-totals__scroll">
        <table className="table" data-testid="office-counters">
          <thead>
            <tr>
              <th scope="col">{t('headOffice.store.colCounter')}</th>
              <th scope="col" className="num">
                {t('headOffice.store.colBilled')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.store.colUndone')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.store.colCollected')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.store.colHeld')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.store.colOpen')}
              </th>
              {content ? <th scope="col">{t('headOffice.store.colAtClose')}</th> : null}
              <th scope="col">{t('headOffice.store.colNow')}</th>
              <th scope="col">{t('headOffice.store.colVersion')}</th>
            </tr>
          </thead>
          <tbody>
            {dayCounterIds(day).map((id) => {
              const atClose = content?.counters.find((c) => c.terminal_id === id);
              const figures = atClose ?? day.figures.counters[id];
              const now = day.counters.find((c) => c.terminal_id === id);
              return (
                <tr key={id}>
                  <th scope="row">
                    {dayCounterName(day, id)} <span className="muted">({id})</span>
                  </th>
                  <td className="num">{figures?.billed ?? 0}</td>
                  <td className="num">{figures?.undone ?? 0}</td>
                  <td className="num">{moneyText(figures?.collected_cents ?? 0)}</td>
                  <td className="num">{moneyText(atClose?.held_cents ?? null)}</td>
                  <td className="num">{figures?.open ?? 0}</td>
                  {content ? (
                    <td>{atClose ? freshnessAtClose(atClose, zone, t, language) : '—'}</td>
                  ) : null}
                  <td className={now?.standing === 'silent' ? 'office-item--warning' : undefined}>
                    {now?.standing === 'silent' ? <span aria-hidden="true">◌ </span> : null}
                    {now ? freshnessNow(now, zone, t, language) : '—'}
                  </td>
                  <td>{now?.app_version ?? atClose?.app_version ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
