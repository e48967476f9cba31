// The chain's day in a few lines (docs/head-office.md "What each state means"): how many stores
// closed, how many with exceptions and the money at stake, how many did not close, how many have a
// silent counter or lines after their close, and the money of the day. `ids` is the page's.

import { formatPEN } from '../../shared/domain/money';
import { formatStoreDay } from '../../shared/domain/store-time';
import type { DayRollup } from '../../shared/head-office/cell-state';
import { useOfficeLanguage, useOfficeT } from './office-language';

export function ChainDayFacts({ ids, day, up }: { ids: string; day: string; up: DayRollup }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  return (
    <section className="office-day card" aria-labelledby={`${ids}-day`}>
      <h2 id={`${ids}-day`}>
        {t('headOffice.day.heading', { day: formatStoreDay(day, language) })}
      </h2>
      <ul className="office-day__facts" data-testid="office-day">
        <li>
          <span aria-hidden="true">✓ </span>
          <strong>{t('headOffice.day.closed', { closed: up.closed, stores: up.stores })}</strong>
        </li>
        <li className={up.exceptions > 0 ? 'office-fact--danger' : undefined}>
          <span aria-hidden="true">⚠ </span>
          {up.exceptions > 0
            ? t('headOffice.day.exceptions', {
                count: up.exceptions,
                amount: formatPEN(up.atStakeCents),
              })
            : t('headOffice.day.exceptionsNone')}
        </li>
        <li className={up.notClosed > 0 ? 'office-fact--warning' : undefined}>
          <span aria-hidden="true">✕ </span>
          {t('headOffice.day.notClosed', { count: up.notClosed })}
        </li>
        <li className={up.silent > 0 ? 'office-fact--warning' : undefined}>
          <span aria-hidden="true">◌ </span>
          {t('headOffice.day.silent', { count: up.silent })}
        </li>
        <li className={up.afterClose > 0 ? 'office-fact--warning' : undefined}>
          <span aria-hidden="true">↺ </span>
          {t('headOffice.day.afterClose', { count: up.afterClose })}
        </li>
      </ul>
      <p className="office-day__money">
        {t('headOffice.day.money', {
          amount: formatPEN(up.collectedCents),
          billed: up.billed,
          undone: up.undone,
        })}
      </p>
    </section>
  );
}
