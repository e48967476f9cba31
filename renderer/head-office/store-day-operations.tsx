// A store day's operations (docs/head-office.md "Drilling into a store's day"): what reached the
// database after the day's close, and the day's operations with codes and amounts, the first
// OPERATIONS_SHOWN of them (the CSV holds every one). `ids` is the page's, so the headings keep
// their ids.
import type { StoreDay } from '../../shared/head-office/chain';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { arrivedAfterClose, operationText, statusText } from './office-words';
import { dayCounterName, moneyText, storeMomentText } from './store-day-lines';

/** Operations shown on the page; the CSV holds every one (a busy store day has thousands). */
const OPERATIONS_SHOWN = 300;

export function StoreDayLate({ ids, day }: { ids: string; day: StoreDay }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const late = arrivedAfterClose(day);
  if (late.length === 0) return null;
  return (
    <section className="card" aria-labelledby={`${ids}-late`}>
      <h3 id={`${ids}-late`}>
        <span aria-hidden="true">↺ </span>
        {t('headOffice.store.after', { count: late.length })}
      </h3>
      <ul className="office-list" data-testid="office-late">
        {late.map((o) => (
          <li key={o.op_id} className="office-item--warning">
            {`${storeMomentText(o.started_at, day.time_zone, language)} · ${dayCounterName(day, o.terminal_id)} · ${o.cashier_id} · ${operationText(o.operation, t)} · ${o.funding_code ?? ''} · ${moneyText(o.collected_cents ?? o.billed_cents)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StoreDayOperations({ ids, day }: { ids: string; day: StoreDay }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  return (
    <section className="card" aria-labelledby={`${ids}-ops`}>
      <h3 id={`${ids}-ops`}>
        {t('headOffice.store.operations', { count: day.operations.length })}
      </h3>
      {day.operations.length > OPERATIONS_SHOWN ? (
        <p className="muted">{t('headOffice.store.operationsMore', { shown: OPERATIONS_SHOWN })}</p>
      ) : null}
      <div className="office-totals__scroll">
        <table className="table" data-testid="office-operations">
          <thead>
            <tr>
              <th scope="col">{t('headOffice.store.colTime')}</th>
              <th scope="col">{t('headOffice.store.colCounter')}</th>
              <th scope="col">{t('headOffice.store.colCashier')}</th>
              <th scope="col">{t('headOffice.store.colOperation')}</th>
              <th scope="col">{t('headOffice.store.colCode')}</th>
              <th scope="col">{t('headOffice.store.colStatus')}</th>
              <th scope="col" className="num">
                {t('headOffice.store.colBilledAmount')}
              </th>
              <th scope="col" className="num">
                {t('headOffice.store.colCollected')}
              </th>
            </tr>
          </thead>
          <tbody>
            {day.operations.slice(0, OPERATIONS_SHOWN).map((o) => (
              <tr key={`${o.terminal_id}-${o.op_id}`}>
                <td>{storeMomentText(o.started_at, day.time_zone, language)}</td>
                <td>{dayCounterName(day, o.terminal_id)}</td>
                <td>{o.cashier_id}</td>
                <td>{operationText(o.operation, t)}</td>
                <td>
                  <code>{o.funding_code ?? '—'}</code>
                </td>
                <td>{statusText(o.status, t)}</td>
                <td className="num">{moneyText(o.billed_cents)}</td>
                <td className="num">{moneyText(o.collected_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
