import { formatPEN } from '../../shared/domain/money';
import type { JournalOperation } from '../../shared/journal-entry';
import { useT } from '../i18n/use-t';
import { isBilling, isRefund, kindOf, moneyOf, whoOf } from '../logic/open-operation';
import { useOpenOperationsStore } from '../stores/open-operations-store';
import { amountText } from './amount-text';

/**
 * The final answer of an operation that went unknown, announced where the cashier is, on every
 * screen, with who, code and money, until acknowledged. Read from the journal, so a reload or a
 * restart brings it back. A billing says to issue the invoice now; a refusal says what to do
 * with the money collected.
 */
export function ResolutionAnnouncements() {
  const announcements = useOpenOperationsStore((s) => s.announcements);
  if (announcements.length === 0) return null;
  return (
    <div className="announcements">
      {announcements.map((op) => (
        <Announcement key={op.op_id} op={op} />
      ))}
    </div>
  );
}

function Announcement({ op }: { op: JournalOperation }) {
  const t = useT();
  const acknowledge = useOpenOperationsStore((s) => s.acknowledge);
  const ok = op.status === 'succeeded';
  const money = moneyOf(op);
  const amount = formatPEN(money ?? 0);
  const titleId = `announce-${op.op_id}`;
  let title: string;
  let steps: string;
  if (isBilling(op)) {
    title = t(ok ? 'announce.billedTitle' : 'announce.refusedTitle');
    steps = ok
      ? t(op.invoice === 'factura' ? 'announce.billedFactura' : 'announce.billedBoleta')
      : t(money ? 'announce.refusedMoney' : 'announce.refusedNothing', { amount });
  } else if (isRefund(op)) {
    title = t(ok ? 'announce.refundDoneTitle' : 'announce.refundRefusedTitle', { amount });
    steps = t(ok ? 'announce.refundDone' : 'announce.refundRefused', { amount });
  } else {
    title = t(ok ? 'announce.otherDone' : 'announce.otherRefused', { what: t(kindOf(op)) });
    steps = t('announce.otherSteps');
  }
  const who = whoOf(op);
  const message = op.outcome?.service_message;
  return (
    <section
      className={`banner ${ok ? 'banner--success' : 'banner--error'} announcement`}
      role="alert"
      aria-labelledby={titleId}
      data-testid="announcement"
    >
      <h2 id={titleId} className="banner__title">
        <span aria-hidden="true">{ok ? '✓ ' : '✕ '}</span>
        {amountText(title)}
      </h2>
      <p className="banner__big">{amountText(steps)}</p>
      <dl className="conditions announcement__facts">
        {who ? (
          <div>
            <dt>{t('announce.who')}</dt>
            <dd>{who}</dd>
          </div>
        ) : null}
        {op.intent.funding_code ? (
          <div>
            <dt>{t('announce.code')}</dt>
            <dd>{op.intent.funding_code}</dd>
          </div>
        ) : null}
        {money !== null ? (
          <div>
            <dt>{t(isRefund(op) ? 'announce.refund' : 'announce.collected')}</dt>
            <dd className="nowrap">{amount}</dd>
          </div>
        ) : null}
      </dl>
      {!ok && message ? (
        <details>
          <summary>{t('guide.details')}</summary>
          <p>{typeof message === 'string' ? message : JSON.stringify(message)}</p>
        </details>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        onClick={() => void acknowledge(op.op_id)}
      >
        {t('announce.acknowledge')}
      </button>
    </section>
  );
}
