// Each counter on the store close (store-close-panel.tsx): how current its data is, its figures
// and the store's totals, then who sold what, which counters undid which sales, what undone sales
// left in the drawers, the service's summary and how the lines balance.
import { formatPEN } from '../../shared/domain/money';
import type { CloseContent } from '../../shared/store/close-record';
import { useT } from '../i18n/use-t';
import {
  cashierLines,
  freshnessText,
  serviceLine,
  undoneWhereLines,
} from '../logic/store-close-text';
import { useLanguage } from '../stores/settings-store';
import { ScrollRegion } from './scroll-region';

const money = (cents: number | null) => (cents === null ? '—' : formatPEN(cents));

export function StoreCloseFreshness({ content, ids }: { content: CloseContent; ids: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <h3 id={`${ids}-fresh`}>{t('storeClose.freshness')}</h3>
      <ul
        aria-labelledby={`${ids}-fresh`}
        className="store-close-list"
        data-testid="store-close-freshness"
      >
        {content.counters.map((c) => (
          <li
            key={c.terminal_id}
            className={
              c.freshness === 'stopped' || c.freshness === 'silent' || c.marked_off
                ? 'recon recon--missing'
                : undefined
            }
          >
            {freshnessText(c, content, t, language)}
          </li>
        ))}
      </ul>
    </>
  );
}

export function StoreCloseCounters({ content, ids }: { content: CloseContent; ids: string }) {
  const t = useT();
  // Sales undone counted at the counter that sold them (`/3`); a `/2` close kept the undos made.
  const salesUndone = content.counters.every((c) => c.sales_undone !== undefined)
    ? content.counters.reduce((n, c) => n + (c.sales_undone ?? 0), 0)
    : content.totals.undone;
  // The figures' columns, right-aligned, after the counter and its cashiers.
  const figures = ['billed', 'undone', 'collected', 'undoneCollected', 'held', 'open'] as const;
  return (
    <>
      <h3 id={`${ids}-counters`}>{t('storeClose.counters')}</h3>
      <ScrollRegion className="table-scroll" label={t('storeClose.counters')}>
        <table
          className="table"
          aria-labelledby={`${ids}-counters`}
          data-testid="store-close-counters"
        >
          <thead>
            <tr>
              <th scope="col">{t('storeClose.col.counter')}</th>
              <th scope="col">{t('storeClose.col.cashiers')}</th>
              {figures.map((name) => (
                <th key={name} scope="col" className="num">
                  {t(`storeClose.col.${name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {content.counters.map((c) => (
              <tr key={c.terminal_id}>
                <th scope="row">
                  {c.terminal_name ?? c.terminal_id}
                  {c.terminal_name ? <span className="muted"> ({c.terminal_id})</span> : null}
                </th>
                <td>{c.cashiers.join(', ') || '—'}</td>
                <td className="num">{c.billed}</td>
                <td className="num">{c.sales_undone ?? c.undone}</td>
                <td className="num">{formatPEN(c.collected_cents)}</td>
                <td className="num">{money(c.undone_collected_cents ?? null)}</td>
                <td className="num">{money(c.held_cents ?? null)}</td>
                <td className="num">{c.open}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('storeClose.col.total')}</th>
              <td />
              <td className="num">{content.totals.billed}</td>
              <td className="num">{salesUndone}</td>
              <td className="num">{formatPEN(content.totals.collected_cents)}</td>
              <td className="num">{money(content.totals.undone_collected_cents ?? null)}</td>
              <td className="num">{money(content.totals.held_cents ?? null)}</td>
              <td className="num">{content.totals.open}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </>
  );
}

export function StoreCloseFigures({ content, ids }: { content: CloseContent; ids: string }) {
  const t = useT();
  const language = useLanguage();
  const undoneLines = undoneWhereLines(content, t);
  return (
    <>
      {content.counters.some((c) => (c.by_cashier?.length ?? 0) > 0) ? (
        <>
          <h3 id={`${ids}-cashiers`}>{t('storeClose.byCashier')}</h3>
          <ul
            aria-labelledby={`${ids}-cashiers`}
            className="store-close-list"
            data-testid="store-close-cashiers"
          >
            {cashierLines(content, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {undoneLines.length > 0 ? (
        <>
          <h3 id={`${ids}-undone`}>{t('storeClose.undoneTitle')}</h3>
          <ul
            aria-labelledby={`${ids}-undone`}
            className="store-close-list"
            data-testid="store-close-undone"
          >
            {undoneLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {content.totals.undone_collected_cents ? (
        <p data-testid="store-close-undone-collected">
          {t('storeClose.undoneCollectedNote', {
            amount: formatPEN(content.totals.undone_collected_cents),
            standing: formatPEN(
              content.totals.collected_cents - content.totals.undone_collected_cents,
            ),
          })}
        </p>
      ) : null}
      <p data-testid="store-close-service">{serviceLine(content, t, language)}</p>
      <p data-testid="store-close-counts">
        {t('storeClose.counts', {
          matched: content.counts.matched,
          missing: content.counts.missing,
          extra: content.counts.extra,
          differs: content.counts.amount_differs,
          pending: content.counts.pending,
        })}
      </p>
    </>
  );
}
