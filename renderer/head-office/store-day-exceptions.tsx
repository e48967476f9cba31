// A store day's exceptions (docs/head-office.md "Drilling into a store's day"): a closed day's as
// its close lists them, with the service's figures and the reconciliation's counts; a day not
// closed, its sales still without an answer and its counters silent now. Under them, the day's
// totals. `ids` is the page's, so the heading keeps its id.
import type { HeadOfficeCloseContent, StoreDay } from '../../shared/head-office/chain';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { exceptionLine, operationText } from './office-words';
import { moneyText, openOperations, silentCounters, storeMomentText } from './store-day-lines';

export function StoreDayExceptions({ ids, day }: { ids: string; day: StoreDay }) {
  const t = useOfficeT();
  const content = day.close?.content ?? null;
  const totals = content?.totals ?? day.figures.totals;
  return (
    <section className="card" aria-labelledby={`${ids}-exc`}>
      {content ? (
        <ClosedExceptions ids={ids} content={content} />
      ) : (
        <OpenExceptions ids={ids} day={day} />
      )}
      <p>
        <strong>
          {t('headOffice.store.totals', {
            billed: totals.billed,
            undone: totals.undone,
            refused: totals.refused,
            collected: moneyText(totals.collected_cents),
            held: moneyText(content?.totals.held_cents ?? null),
            open: totals.open,
          })}
        </strong>
      </p>
    </section>
  );
}

function ClosedExceptions({ ids, content }: { ids: string; content: HeadOfficeCloseContent }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  return (
    <>
      <h3 id={`${ids}-exc`}>
        {t('headOffice.store.exceptions', { count: content.exceptions.length })}
      </h3>
      {content.exceptions.length === 0 ? (
        <p>{t('headOffice.store.exceptionsNone')}</p>
      ) : (
        <ul className="office-list" data-testid="office-exceptions">
          {content.exceptions.map((e, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a close's exceptions never move
              key={i}
              className={
                e.kind === 'silent' || e.kind === 'stopped'
                  ? 'office-item--warning'
                  : 'office-item--danger'
              }
            >
              <span aria-hidden="true">{e.kind === 'silent' ? '◌ ' : '⚠ '}</span>
              {exceptionLine(e, content, t, language)}
            </li>
          ))}
        </ul>
      )}
      <p>
        {t('headOffice.store.service', {
          purchases: moneyText(content.service.purchases_cents),
          inStore: moneyText(content.service.in_store_cents),
          financed: moneyText(content.service.financed_cents),
        })}
      </p>
      <p>
        {t('headOffice.store.counts', {
          matched: content.counts.matched,
          missing: content.counts.missing,
          extra: content.counts.extra,
          differs: content.counts.amount_differs,
        })}
      </p>
    </>
  );
}

function OpenExceptions({ ids, day }: { ids: string; day: StoreDay }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const moment = (iso: string | null) => storeMomentText(iso, day.time_zone, language);
  const open = openOperations(day);
  const silentNow = silentCounters(day);
  return (
    <>
      <h3 id={`${ids}-exc`}>
        {t('headOffice.store.exceptions', { count: open.length + silentNow.length })}
      </h3>
      {open.length + silentNow.length === 0 ? (
        <p>{t('headOffice.store.exceptionsNone')}</p>
      ) : (
        <ul className="office-list" data-testid="office-exceptions">
          {open.map((o) => (
            <li key={o.op_id} className="office-item--warning">
              <span aria-hidden="true">⚠ </span>
              {t('headOffice.exc.open', {
                counter: o.terminal_name ?? o.terminal_id,
                cashier: o.cashier_id,
                time: moment(o.started_at),
                operation: operationText(o.operation, t),
                code: o.funding_code ?? t('headOffice.exc.noCode'),
                amount: moneyText(o.billed_cents),
              })}
            </li>
          ))}
          {silentNow.map((c) => (
            <li key={c.terminal_id} className="office-item--warning">
              <span aria-hidden="true">◌ </span>
              {t('headOffice.exc.silent', {
                counter: c.terminal_name ?? c.terminal_id,
                line: moment(c.last_line_at),
                open: c.reported_open ?? 0,
                waiting: c.waiting_lines ?? 0,
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
