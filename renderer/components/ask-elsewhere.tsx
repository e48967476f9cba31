// Before an amount to collect, while another counter of the store is silent (or this counter
// could not reach the store database in time): "Caja 2 no responde desde las 12:27: pregunte si
// el cliente ya pagó en otra caja". No amount and no collect button until the cashier answers;
// the answer is journaled on the Verify/Info (docs/decisions.md "A counter that has gone
// silent"). "Yes" ends the sale here: do not collect, wait for that counter or call the supervisor.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { SilentCounter } from '../../shared/bridge';
import { useT } from '../i18n/use-t';
import { counterWords, silentCountersText } from '../logic/other-counter';
import type { Quote } from '../stores/collect-calls';
import { useLanguage, useTimeZone } from '../stores/settings-store';
import { DeliberateButton } from './deliberate-button';
import { QuoteFacts } from './quote-facts';

/**
 * The silent counters, each with its own since when ("Caja 2 (desde las 23:13:40) y Caja 1
 * (desde las 23:23:05)"), and for one counter its name and time apart (the title says them).
 */
function useSilentWords(silent: readonly SilentCounter[]) {
  const timeZone = useTimeZone();
  const language = useLanguage();
  const [one] = silent;
  const single =
    silent.length === 1 && one
      ? counterWords(
          { terminal_id: one.terminal_id, terminal_name: one.terminal_name, at: one.since },
          timeZone,
          language,
        )
      : null;
  const each = silentCountersText(silent, timeZone, language);
  return {
    counters: single?.counter ?? each.text,
    many: each.many,
    time: single?.time ?? '',
    today: single?.today ?? true,
    names: silent
      .map(
        (c) =>
          counterWords(
            { terminal_id: c.terminal_id, terminal_name: c.terminal_name, at: c.since },
            timeZone,
            language,
          ).counter,
      )
      .join(', '),
  };
}

export function AskElsewhere({
  quote,
  busy,
  onAnswer,
  onBack,
  onVerifyAgain,
  onNew,
  newLabel,
}: {
  quote: Quote;
  busy: boolean;
  onAnswer: (answer: 'no' | 'yes') => Promise<boolean>;
  onBack: () => void;
  onVerifyAgain: () => void;
  onNew: () => void;
  newLabel: string;
}) {
  const t = useT();
  const silent = quote.askElsewhere?.silent ?? [];
  const words = useSilentWords(silent);
  const [failed, setFailed] = useState(false);
  const paid = quote.elsewhereAnswer === 'yes';

  const title =
    silent.length === 0
      ? t('storeDb.ask.noAnswer')
      : t(
          words.many
            ? 'storeDb.ask.silentMany'
            : words.today
              ? 'storeDb.ask.silentOne'
              : 'storeDb.ask.silentOneDay',
          { counters: words.counters, time: words.time },
        );

  const answer = async (value: 'no' | 'yes') => {
    setFailed(false);
    if (!(await onAnswer(value))) setFailed(true);
  };

  if (paid) {
    return (
      <div className="sale-outcome">
        <QuoteFacts quote={quote} withAmount={false} />
        <FocusedSection
          className="guidance guidance--info"
          role="alert"
          labelledBy="paid-elsewhere-title"
          testId="paid-elsewhere"
        >
          <h2 id="paid-elsewhere-title" className="guidance__title">
            <span aria-hidden="true" className="guidance__icon">
              ✕
            </span>{' '}
            {t('storeDb.ask.paidTitle')}
          </h2>
          <p className="guidance__steps">
            {silent.length === 0
              ? t('storeDb.ask.paidStepsNoAnswer')
              : t('storeDb.ask.paidSteps', { counters: words.names })}
          </p>
          <div className="button-row">
            <button type="button" className="button" disabled={busy} onClick={onVerifyAgain}>
              {t('storeDb.ask.verifyAgain')}
            </button>
            <DeliberateButton
              key="paid-elsewhere-new"
              type="button"
              className="button"
              onClick={onNew}
            >
              {newLabel}
            </DeliberateButton>
          </div>
        </FocusedSection>
      </div>
    );
  }

  return (
    <div className="sale-outcome">
      <QuoteFacts quote={quote} withAmount={false} />
      <FocusedSection
        className="leave-refused ask-elsewhere"
        role="alertdialog"
        labelledBy="ask-elsewhere-title"
        describedBy="ask-elsewhere-question"
        testId="ask-elsewhere"
      >
        <h2 id="ask-elsewhere-title">
          <span aria-hidden="true">⚠ </span>
          {title}
        </h2>
        <p id="ask-elsewhere-question">{t('storeDb.ask.question')}</p>
        {failed ? (
          <p className="note-warning" role="alert">
            {t('storeDb.ask.saveFailed')}
          </p>
        ) : null}
        <div className="button-row">
          <DeliberateButton
            key="ask-elsewhere-no"
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void answer('no')}
          >
            {t('storeDb.ask.no')}
          </DeliberateButton>
          <DeliberateButton
            key="ask-elsewhere-yes"
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void answer('yes')}
          >
            {t('storeDb.ask.yes')}
          </DeliberateButton>
          <button type="button" className="button" disabled={busy} onClick={onBack}>
            {t('sale.editData')}
          </button>
        </div>
      </FocusedSection>
    </div>
  );
}

/**
 * The question (or the answer's consequence) is where the cashier reads on: focused when it
 * appears, not either answer, so an Enter still held from the Verify answers nothing.
 */
function FocusedSection({
  className,
  role,
  labelledBy,
  describedBy,
  testId,
  children,
}: {
  className: string;
  role: 'alert' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  testId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={className}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      {children}
    </section>
  );
}
