import { useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import {
  countByStatus,
  type ReconcileLine,
  type ReconcileStatus,
} from '../../shared/domain/reconcile';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { ScrollRegion } from './scroll-region';

const PAGE = 100;

const STATUS: Record<ReconcileStatus, { label: MessageKey; explain: MessageKey; icon: string }> = {
  pending: { label: 'reconcile.pending', explain: 'reconcile.pendingExplain', icon: '⚠' },
  missing: { label: 'reconcile.missing', explain: 'reconcile.missingExplain', icon: '✕' },
  extra: { label: 'reconcile.extra', explain: 'reconcile.extraExplain', icon: '+' },
  'amount-differs': {
    label: 'reconcile.amountDiffers',
    explain: 'reconcile.amountDiffersExplain',
    icon: '≠',
  },
  matched: { label: 'reconcile.matched', explain: 'reconcile.matchedExplain', icon: '✓' },
};

/** This terminal's journal against the service's summary, what needs attention first. */
export function ReconciliationTable({ lines }: { lines: readonly ReconcileLine[] }) {
  const t = useT();
  const counts = countByStatus(lines);
  // Other tills' sales are all "extra" here and may run to thousands; what needs attention
  // sorts first, so a page at a time keeps the screen light without hiding it.
  const [limit, setLimit] = useState(PAGE);
  const shown = lines.slice(0, limit);
  return (
    <section className="card" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">{t('reconcile.title')}</h2>
      <p>{t('reconcile.lead')}</p>
      <ul className="reconcile-counts">
        {(Object.keys(STATUS) as ReconcileStatus[]).map((status) => (
          <li key={status} className={`recon recon--${status}`}>
            <span aria-hidden="true">{STATUS[status].icon} </span>
            {t(STATUS[status].label)}: <strong>{counts[status]}</strong>
          </li>
        ))}
      </ul>
      {lines.length === 0 ? (
        <p>{t('reconcile.nothing')}</p>
      ) : (
        <ScrollRegion className="table-scroll" label={t('reconcile.title')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('reconcile.col.status')}</th>
                <th scope="col">{t('summary.col.identity')}</th>
                <th scope="col">{t('reconcile.col.code')}</th>
                <th scope="col">{t('summary.col.order')}</th>
                <th scope="col" className="num">
                  {t('reconcile.col.journal')}
                </th>
                <th scope="col" className="num">
                  {t('reconcile.col.summary')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line) => (
                <tr
                  key={`${line.status}-${line.identity}`}
                  className={`recon-row recon-row--${line.status}`}
                >
                  <td>
                    <span className={`recon recon--${line.status}`}>
                      <span aria-hidden="true">{STATUS[line.status].icon} </span>
                      <strong>{t(STATUS[line.status].label)}</strong>
                    </span>
                    <br />
                    <span className="muted">
                      {t(
                        line.pendingUndo
                          ? 'reconcile.pendingUndoExplain'
                          : STATUS[line.status].explain,
                      )}
                    </span>
                  </td>
                  <td>{line.identity}</td>
                  <td>{line.fundingCode ?? '—'}</td>
                  <td>{line.orderIds.join(', ') || '—'}</td>
                  <td className="num">
                    {line.journalCollected === null ? '—' : formatPEN(line.journalCollected)}
                  </td>
                  <td className="num">{formatPEN(line.summaryInStore)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {lines.length > shown.length ? (
        <button type="button" className="button" onClick={() => setLimit((n) => n + PAGE)}>
          {t('reconcile.more', { shown: shown.length, total: lines.length })}
        </button>
      ) : null}
    </section>
  );
}
