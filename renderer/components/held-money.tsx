// Money held for a refused sale, as the cashier and the supervisor see it: the notice for a code
// (amount, when, why, "use it"), the "already received" line of the collect step, the question
// on leaving a refused sale, and the day summary's list with its total. Every figure is the main
// process's (electron/ipc/workflows/held-money.ts); docs/decisions.md "Money held for a refused sale (issue 18, item 3)".
import { useEffect, useRef, useState } from 'react';
import type { HeldForSale, HeldMoney } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { guidanceForServiceError } from '../logic/error-guidance';
import { formatStoreClock, formatStoreMoment } from '../logic/store-day';
import { useHeldMoneyStore } from '../stores/held-money-store';
import { useLanguage, useTimeZone } from '../stores/settings-store';
import { amountText } from './amount-text';
import { DeliberateButton } from './deliberate-button';

function useHeldWords() {
  const t = useT();
  const timeZone = useTimeZone();
  const language = useLanguage();
  return {
    moment: (hold: HeldMoney) => formatStoreMoment(hold.held_at, timeZone, language),
    clock: (hold: HeldMoney) => formatStoreClock(hold.held_at, timeZone, language),
    reason: (hold: HeldMoney) =>
      t(
        guidanceForServiceError(
          hold.generation === 'v2' ? 'v2-paid' : 'paid',
          hold.reason,
          'refused',
        ).title,
      ),
  };
}

/** A code's held money: what, when, why, and that it is used rather than collected again. */
export function HeldNotice({ hold, verified }: { hold: HeldMoney; verified: boolean }) {
  const t = useT();
  const words = useHeldWords();
  return (
    <section className="held-notice" aria-labelledby="held-title" data-testid="held-money">
      <h2 id="held-title">
        <span aria-hidden="true">⚠ </span>
        {t('held.title')}
      </h2>
      <p>
        {amountText(
          t('held.line', {
            amount: formatPEN(hold.amount_cents),
            moment: words.moment(hold),
            reason: words.reason(hold),
          }),
        )}
      </p>
      <p className="held-notice__do">{t(verified ? 'held.useIt' : 'held.verifyToUse')}</p>
    </section>
  );
}

/** The collect step of a code with money held: what is already in the drawer, what is left. */
export function HeldInUse({ held }: { held: HeldForSale }) {
  const t = useT();
  const words = useHeldWords();
  return (
    <div className="held-in-use" data-testid="held-in-use">
      <p className="held-in-use__received">
        <span aria-hidden="true">✓ </span>
        {amountText(
          t('held.alreadyReceived', {
            time: words.clock(held.hold),
            amount: formatPEN(held.hold.amount_cents),
          }),
        )}
      </p>
      {held.give_back_cents > 0 ? (
        <p className="note-warning" role="status">
          <span aria-hidden="true">⚠ </span>
          {amountText(t('held.giveBack', { amount: formatPEN(held.give_back_cents) }))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Leaving a refused sale whose money was collected: was it given back? "Yes" journals that it
 * was (it is no longer held); "No" journals that it is kept aside, held for the customer.
 */
export function LeaveRefusedSale({
  fundingCode,
  amountCents,
  onDone,
  onBack,
}: {
  fundingCode: string;
  amountCents: number;
  onDone: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const settle = useHeldMoneyStore((s) => s.settle);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const amount = formatPEN(amountCents);
  const ref = useRef<HTMLElement>(null);
  // The question is where the cashier reads on: focus on it, not on either answer.
  useEffect(() => ref.current?.focus(), []);
  const answer = async (how: 'returned' | 'kept') => {
    setBusy(true);
    const saved = await settle(fundingCode, how);
    setBusy(false);
    if (saved) onDone();
    else setFailed(true);
  };
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="leave-refused"
      role="alertdialog"
      aria-labelledby="leave-refused-title"
      aria-describedby="leave-refused-lead"
      data-testid="leave-refused"
    >
      <h2 id="leave-refused-title">{t('held.leaveTitle')}</h2>
      <p id="leave-refused-lead">{amountText(t('held.leaveLead', { amount }))}</p>
      {failed ? (
        <p className="note-warning" role="alert">
          {t('held.saveFailed')}
        </p>
      ) : null}
      <div className="button-row">
        <DeliberateButton
          key="held-returned"
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void answer('returned')}
        >
          {amountText(t('held.returned', { amount }))}
        </DeliberateButton>
        <DeliberateButton
          key="held-keep"
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void answer('kept')}
        >
          {t('held.keep')}
        </DeliberateButton>
        <button type="button" className="button" disabled={busy} onClick={onBack}>
          {t('held.back')}
        </button>
      </div>
    </section>
  );
}

/** The day summary's list: every hold of this terminal (current mode) with the total. */
export function HeldMoneySummary() {
  const t = useT();
  const words = useHeldWords();
  const { holds, totalCents, failed, load } = useHeldMoneyStore();
  useEffect(() => {
    void load();
  }, [load]);
  if (failed) return null;
  return (
    <section
      className="card held-summary"
      aria-labelledby="held-summary-title"
      data-testid="held-summary"
    >
      <h2 id="held-summary-title">
        {t('held.summaryTitle')} ({holds.length})
      </h2>
      {holds.length === 0 ? (
        <p>{t('held.summaryNone')}</p>
      ) : (
        <>
          <ul className="held-summary__list">
            {holds.map((hold) => (
              <li key={hold.hold_id}>
                {amountText(
                  t('held.lineCode', {
                    code: hold.funding_code,
                    who: hold.identity?.value ?? '—',
                    amount: formatPEN(hold.amount_cents),
                    moment: words.moment(hold),
                    reason: words.reason(hold),
                  }),
                )}
              </li>
            ))}
          </ul>
          <p className="held-summary__total">
            <strong>{amountText(t('held.summaryTotal', { amount: formatPEN(totalCents) }))}</strong>
          </p>
          <p className="field__hint">{t('held.summaryHelp')}</p>
        </>
      )}
    </section>
  );
}
