import { formatPEN } from '../../shared/domain/money';
import type { JournalOperation } from '../../shared/journal-entry';
import { useT } from '../i18n/use-t';
import { serviceErrorFromJournal } from '../logic/journal-outcome';
import { isBilling, isRefund, kindOf, moneyOf, whoOf } from '../logic/open-operation';
import { orderGuidance } from '../logic/order-guidance';
import { journaledRefundAnswer, refundWords } from '../logic/refund-words';
import { useOpenOperationsStore } from '../stores/open-operations-store';
import { amountText } from './amount-text';
import { RefundAnswerLines } from './refund-answer';

/**
 * The final answer of an operation that went unknown, announced where the cashier is, on every
 * screen, with who, code and money, until acknowledged. Read from the journal, so a reload or a
 * restart brings it back. A billing says to issue the invoice now; a refusal says what to do
 * with the money collected; a refund says what its direct answer would have said.
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
  const refund = isRefund(op);
  // A refund answered late reads exactly as one answered at once (refund-words.ts).
  const refundAnswer = refund ? journaledRefundAnswer(op) : null;
  const words = refundAnswer ? refundWords(refundAnswer) : null;
  let title: string;
  let steps: string | null = null;
  if (isBilling(op)) {
    title = t(ok ? 'announce.billedTitle' : 'announce.refusedTitle');
    steps = ok
      ? t(op.invoice === 'factura' ? 'announce.billedFactura' : 'announce.billedBoleta')
      : t(money ? 'announce.refusedMoney' : 'announce.refusedNothing', { amount });
  } else if (refund && words) {
    title = t('announce.late', { title: t(words.title) });
  } else if (refund) {
    // Refused (or a success whose answer cannot be read): the refusal's own words, and no money
    // handed over either way.
    const guidance = orderGuidance('refund', serviceErrorFromJournal(op), 'refused');
    title = t('announce.late', { title: t(guidance.title, guidance.params) });
    steps = `${t(guidance.steps, guidance.params)} ${t('announce.refundRefused')}`;
  } else {
    title = t(ok ? 'announce.otherDone' : 'announce.otherRefused', { what: t(kindOf(op)) });
    steps = t('announce.otherSteps');
  }
  const shownOk = refund ? words !== null : ok;
  const who = refund ? null : whoOf(op);
  const message = op.outcome?.service_message;
  return (
    <section
      className={`banner ${shownOk ? 'banner--success' : 'banner--error'} announcement`}
      role="alert"
      aria-labelledby={titleId}
      data-testid="announcement"
    >
      <h2 id={titleId} className="banner__title">
        <span aria-hidden="true">{shownOk ? '✓ ' : '✕ '}</span>
        {amountText(title)}
      </h2>
      {words ? (
        <RefundAnswerLines words={words} />
      ) : (
        <p className="banner__big">{amountText(steps ?? '')}</p>
      )}
      <dl className="conditions announcement__facts">
        {who ? (
          <div>
            <dt>{t('announce.who')}</dt>
            <dd>{who}</dd>
          </div>
        ) : null}
        {refund && op.intent.order_id ? (
          <div>
            <dt>{t('announce.order')}</dt>
            <dd>{op.intent.order_id}</dd>
          </div>
        ) : null}
        {op.intent.funding_code ? (
          <div>
            <dt>{t('announce.code')}</dt>
            <dd>{op.intent.funding_code}</dd>
          </div>
        ) : null}
        {/* A refund's amount, when known, is in its answer's lines; a refused one's is the amount
            asked for. Never an amount the terminal does not know (a total refund's). */}
        {money !== null && !words ? (
          <div>
            <dt>{t(refund ? 'announce.refund' : 'announce.collected')}</dt>
            <dd className="nowrap">{amount}</dd>
          </div>
        ) : null}
      </dl>
      {!shownOk && message ? (
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
