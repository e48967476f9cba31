// The two refusals of the collect flow (collect-outcome.tsx): Verify or Info refused before any
// money (`verify-failed`), and paid-and-billed refused after the cashier collected
// (`paid-refused`), which keeps the money aside or gives it back as its guidance says.
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { Guidance, GuidanceAction } from '../logic/error-guidance';
import { formatStoreClock } from '../logic/store-day';
import type { Generation, Quote } from '../stores/collect-calls';
import type { Retried } from '../stores/collect-flow';
import { useLanguage, useTimeZone } from '../stores/settings-store';
import { amountText } from './amount-text';
import type { CollectWords } from './collect-words';
import { DeliberateButton } from './deliberate-button';
import { GuidanceActions } from './guidance-actions';
import { GuidancePanel } from './guidance-panel';
import { LeaveRefusedSale } from './held-money';

/** Verify (v3) or Info (v2) refused: what to do, and a retry or the way to settings or v2. */
export function VerifyRefused({
  guidance,
  panelRef,
  busy,
  onRetry,
  onOpenCheck,
}: {
  guidance: Guidance;
  panelRef: Ref<HTMLDivElement>;
  busy: boolean;
  onRetry: () => void;
  onOpenCheck?: (() => void) | undefined;
}) {
  const actions = guidance.actions.filter(
    (a) => a === 'retry' || a === 'open-settings' || (a === 'open-check' && onOpenCheck),
  );
  return (
    <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
      <GuidancePanel guidance={guidance}>
        <GuidanceActions
          actions={actions}
          onRetry={onRetry}
          onOpenCheck={onOpenCheck}
          busy={busy}
        />
      </GuidancePanel>
    </div>
  );
}

/** A retry's refusal looks like the one before: say it happened, when, and if it differed. */
function RetriedNote({ retried }: { retried: Retried }) {
  const t = useT();
  const time = formatStoreClock(retried.at, useTimeZone(), useLanguage());
  return (
    <p className="retried" role="status" data-testid="retried">
      {t(retried.same ? 'sale.retriedSame' : 'sale.retriedOther', { time })}
    </p>
  );
}

/**
 * What a refusal after collecting may offer. v2 has no re-verify (Info takes no amount to
 * re-check) and its refusals never ask for a new schedule; the training shortcut for "the
 * customer accepted" is for trainers only.
 */
export function refusedActions(generation: Generation, training: boolean) {
  return (action: GuidanceAction) =>
    generation === 'v3'
      ? training || action !== 'accept-schedule'
      : action !== 're-verify' && action !== 'accept-schedule';
}

/** What the flow offers after paid-and-billed refused the sale whose money was collected. */
export type PaidRefusedActions = {
  onReverify: () => void;
  onRetryPaid: () => void;
  onAcceptSchedule: () => void;
};

/**
 * Paid-and-billed refused after the cashier collected: the money is kept aside while the
 * refusal can be cured (retry, re-verify), given back when it is final; leaving asks first
 * whether it was given back (`leaving`, held by CollectOutcome).
 */
export function PaidRefused({
  quote,
  guidance,
  retried,
  generation,
  training,
  scheduleAccepted,
  words,
  panelRef,
  busy,
  leaving,
  setLeaving,
  onStartOver,
  actions: on,
}: {
  quote: Quote;
  guidance: Guidance;
  retried: Retried | null;
  generation: Generation;
  training: boolean;
  scheduleAccepted: boolean;
  words: CollectWords;
  panelRef: Ref<HTMLDivElement>;
  busy: boolean;
  leaving: boolean;
  setLeaving: (leaving: boolean) => void;
  onStartOver: () => void;
  actions: PaidRefusedActions;
}) {
  const t = useT();
  const amount = formatPEN(quote.toCollect);
  const actions = guidance.actions.filter(refusedActions(generation, training));
  return (
    <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
      <GuidancePanel guidance={guidance}>
        {/* A refusal that can still be cured keeps the money aside; a final one gives it back
            (its guidance says so), so the two never contradict each other. */}
        <p>
          {actions.some((a) => a === 'retry-paid' || a === 're-verify')
            ? amountText(t('sale.refusedAfterCollect', { amount }))
            : amountText(t('sale.refusedReturnAmount', { amount }))}
        </p>
        {retried ? <RetriedNote retried={retried} /> : null}
        {scheduleAccepted ? (
          <p className="note-ok" role="status">
            <span aria-hidden="true">✓ </span>
            {t('training.scheduleAccepted')}
          </p>
        ) : null}
        {leaving ? (
          <LeaveRefusedSale
            fundingCode={quote.request.funding_code}
            amountCents={quote.toCollect}
            onDone={onStartOver}
            onBack={() => setLeaving(false)}
          />
        ) : (
          <>
            <GuidanceActions
              actions={actions}
              busy={busy}
              onReverify={on.onReverify}
              onRetryPaid={on.onRetryPaid}
              onAcceptSchedule={on.onAcceptSchedule}
            />
            <DeliberateButton
              key="refused-leave"
              type="button"
              className="button"
              onClick={() => (quote.toCollect > 0 ? setLeaving(true) : onStartOver())}
              disabled={busy}
            >
              {t(words.leave)}
            </DeliberateButton>
          </>
        )}
      </GuidancePanel>
    </div>
  );
}
