import { useEffect, useRef, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { AskElsewhere } from '../lazy-views';
import { confirmWords } from '../logic/confirm-words';
import type { GuidanceAction } from '../logic/error-guidance';
import { formatStoreClock } from '../logic/store-day';
import { type Generation, STEPS } from '../stores/collect-calls';
import {
  type CollectStore,
  isBusy,
  mustAnswerElsewhere,
  type Retried,
} from '../stores/collect-flow';
import { useHeldMoneyStore } from '../stores/held-money-store';
import { useIsTraining, useLanguage, useTimeZone } from '../stores/settings-store';
import { useShownInPlace } from '../stores/unknown-outcome';
import { AlreadyBilled } from './already-billed';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import { DeliberateButton } from './deliberate-button';
import { GuidanceActions } from './guidance-actions';
import { GuidancePanel } from './guidance-panel';
import { HeldNotice, LeaveRefusedSale } from './held-money';
import { PaidAndBilled } from './paid-and-billed';
import { QuoteFacts } from './quote-facts';

/** The words that differ between the sale (v3) and the check (v2); the steps are the same. */
const WORDS: Record<
  Generation,
  Record<'empty' | 'asking' | 'next' | 'leave' | 'collectNothing', MessageKey>
> = {
  v3: {
    empty: 'sale.emptyOutcome',
    asking: 'sale.verifyingLong',
    next: 'sale.newSale',
    leave: 'sale.cancelSale',
    collectNothing: 'sale.collectNothing',
  },
  v2: {
    empty: 'check.empty',
    asking: 'check.querying',
    next: 'check.new',
    leave: 'check.new',
    collectNothing: 'sale.collectNothing',
  },
};

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
function refusedActions(generation: Generation, training: boolean) {
  return (action: GuidanceAction) =>
    generation === 'v3'
      ? training || action !== 'accept-schedule'
      : action !== 're-verify' && action !== 'accept-schedule';
}

/**
 * The right-hand side of the sale (v3) and of the check (v2): whatever the phase says the
 * cashier may do next. One component for both, so a safety rule kept here is kept on both
 * screens (docs/decisions.md "Counter safety in the cashier's flows (issue 10)").
 */
export function CollectOutcome<F>({
  store: useStore,
  onNew,
  onOpenCheck,
}: {
  store: CollectStore<F>;
  /** After the flow starts over: the screen puts focus back on its first field. */
  onNew: () => void;
  /** v3 only: carry the customer over to the v2 check when a refusal points there. */
  onOpenCheck?: () => void;
}) {
  const t = useT();
  const training = useIsTraining();
  const store = useStore();
  const { phase, generation } = store;
  const words = WORDS[generation];
  const primaryRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const busy = isBusy(phase) || store.sideBusy;
  useShownInPlace(STEPS[generation].continuation);

  const refusedWithoutField =
    phase.name === 'verify-failed' && Object.keys(phase.guidance.fields).length === 0;
  // Focus follows the flow so Enter always does the next right thing.
  useEffect(() => {
    if (['verified', 'confirming', 'billed'].includes(phase.name)) primaryRef.current?.focus();
    else if (['paid-refused', 'unknown'].includes(phase.name)) panelRef.current?.focus();
    // A refusal about no field of the form: the message is where the cashier reads on.
    else if (refusedWithoutField) panelRef.current?.focus();
  }, [phase.name, refusedWithoutField]);

  const startOver = () => {
    store.reset();
    onNew();
  };

  // Leaving a refused sale whose money was collected asks first whether it was given back.
  const [leaving, setLeaving] = useState(false);
  const loadHeld = useHeldMoneyStore((s) => s.load);
  useEffect(() => {
    setLeaving(false);
    // A refusal after collecting, or a billing, changes what is held: the main process knows.
    if (phase.name === 'paid-refused' || phase.name === 'billed') void loadHeld();
  }, [phase.name, loadHeld]);

  if (phase.name === 'editing' || phase.name === 'verifying') {
    return (
      <div className="sale-outcome sale-outcome--empty">
        <p>{phase.name === 'verifying' ? t(words.asking) : t(words.empty)}</p>
      </div>
    );
  }

  if (phase.name === 'verify-failed') {
    const actions = phase.guidance.actions.filter(
      (a) => a === 'retry' || a === 'open-settings' || (a === 'open-check' && onOpenCheck),
    );
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          <GuidanceActions
            actions={actions}
            onRetry={() => void store.submit()}
            onOpenCheck={onOpenCheck}
            busy={busy}
          />
        </GuidancePanel>
      </div>
    );
  }

  if (phase.name === 'billed') {
    return (
      <div className="sale-outcome">
        <PaidAndBilled
          invoice={phase.invoice}
          collected={formatPEN(phase.collected)}
          opId={phase.opId}
          primaryRef={primaryRef}
          onNew={startOver}
          newLabel={t(words.next)}
          fromTill={store.till !== null}
        />
      </div>
    );
  }

  const { quote } = phase;
  const amount = formatPEN(quote.toCollect);

  if (phase.name === 'unknown') {
    // No figures but the amount already collected: nothing here may read as "collect".
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          <p className="unknown-wait">
            <span className="spinner" aria-hidden="true" />{' '}
            {amountText(t('sale.unknownAmount', { amount }))}
          </p>
          <GuidanceActions
            actions={phase.guidance.actions}
            onCheckAgain={() => void store.checkAgain()}
            busy={busy}
          />
          {/* Shown where the confirm button was: a double click or held Enter on it must not
              leave the amber answer unread. */}
          <DeliberateButton
            key="unknown-leave"
            type="button"
            className="button"
            onClick={startOver}
          >
            {t('sale.serveAnother')}
          </DeliberateButton>
        </GuidancePanel>
      </div>
    );
  }

  if (phase.name === 'paid-refused') {
    const actions = phase.guidance.actions.filter(refusedActions(generation, training));
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          {/* A refusal that can still be cured keeps the money aside; a final one gives it back
              (its guidance says so), so the two never contradict each other. */}
          <p>
            {actions.some((a) => a === 'retry-paid' || a === 're-verify')
              ? amountText(t('sale.refusedAfterCollect', { amount }))
              : amountText(t('sale.refusedReturnAmount', { amount }))}
          </p>
          {phase.retried ? <RetriedNote retried={phase.retried} /> : null}
          {store.scheduleAccepted ? (
            <p className="note-ok" role="status">
              <span aria-hidden="true">✓ </span>
              {t('training.scheduleAccepted')}
            </p>
          ) : null}
          {leaving ? (
            <LeaveRefusedSale
              fundingCode={quote.request.funding_code}
              amountCents={quote.toCollect}
              onDone={startOver}
              onBack={() => setLeaving(false)}
            />
          ) : (
            <>
              <GuidanceActions
                actions={actions}
                busy={busy}
                onReverify={() => void store.reverify()}
                onRetryPaid={() => void store.confirmCollected()}
                onAcceptSchedule={() => void store.acceptSchedule()}
              />
              <DeliberateButton
                key="refused-leave"
                type="button"
                className="button"
                onClick={() => (quote.toCollect > 0 ? setLeaving(true) : startOver())}
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

  if (quote.alreadyBilled) {
    // Billed through another channel while money for a refused sale of the code is held here:
    // nothing to collect, and that money goes back; leaving asks, so the hold ends on the
    // journal (docs/decisions.md "Money held for a code billed elsewhere").
    const heldHere = quote.held?.hold ?? null;
    return (
      <div className="sale-outcome">
        <QuoteFacts quote={quote} withAmount={false} />
        <AlreadyBilled
          billedCents={quote.billedCents}
          billedAt={quote.billedAt}
          billedElsewhere={quote.billedElsewhere}
          primaryRef={primaryRef}
          onNew={heldHere ? () => setLeaving(true) : startOver}
          newLabel={t(words.next)}
        />
        {heldHere ? (
          <p className="note-warning" role="status" data-testid="held-billed-elsewhere">
            <span aria-hidden="true">⚠ </span>
            {amountText(t('held.billedGiveBack', { amount: formatPEN(heldHere.amount_cents) }))}
          </p>
        ) : null}
        {heldHere && leaving ? (
          <LeaveRefusedSale
            fundingCode={heldHere.funding_code}
            amountCents={heldHere.amount_cents}
            onDone={startOver}
            onBack={() => setLeaving(false)}
          />
        ) : null}
      </div>
    );
  }

  // Another counter is silent, or the store database did not answer: the cashier asks the
  // customer before any amount (docs/decisions.md "A counter that has gone silent (issue 27, items 2 and 6)").
  if ((phase.name === 'verified' || phase.name === 'reverifying') && mustAnswerElsewhere(quote)) {
    return (
      <AskElsewhere
        quote={quote}
        busy={busy}
        onAnswer={store.answerElsewhere}
        onBack={store.back}
        onVerifyAgain={() => void store.submit()}
        onNew={startOver}
        newLabel={t(words.next)}
      />
    );
  }

  const held = quote.held;
  const now = held ? formatPEN(held.to_collect_now_cents) : amount;
  const heldAmount = held ? formatPEN(held.hold.amount_cents) : amount;
  const collectLabel = held
    ? held.to_collect_now_cents > 0
      ? amountText(t('held.collectDifference', { amount: now }))
      : amountText(t('held.useHeld', { amount: heldAmount }))
    : quote.toCollect === 0
      ? t(words.collectNothing)
      : amountText(t('sale.collect', { amount }));
  const question = held
    ? held.to_collect_now_cents > 0
      ? amountText(t('held.confirmDifference', { amount: now, held: heldAmount }))
      : amountText(t('held.confirmUse', { held: heldAmount }))
    : quote.toCollect === 0
      ? t('sale.confirmNothing')
      : amountText(t('sale.confirmQuestion', { amount }));
  const yesLabel = held
    ? held.to_collect_now_cents > 0
      ? amountText(t('held.confirmYesDifference', { amount: now }))
      : amountText(t('held.confirmYesUse', { held: heldAmount }))
    : amountText(t(confirmWords(quote.toCollect).yes, { amount }));

  return (
    <div className="sale-outcome">
      {held && phase.name !== 'confirming' && phase.name !== 'billing' ? (
        <HeldNotice hold={held.hold} verified />
      ) : null}
      <QuoteFacts
        quote={quote}
        withAmount
        confirming={phase.name === 'confirming' || phase.name === 'billing'}
      />
      <p className="invoice-hint">
        {t(quote.invoice === 'factura' ? 'sale.hintFactura' : 'sale.hintBoleta')}
      </p>
      {phase.name === 'verified' || phase.name === 'reverifying' ? (
        <div className="button-row">
          <DeliberateButton
            key="collect"
            ref={primaryRef}
            type="button"
            className="button button--primary button--huge"
            onClick={store.startCollect}
            disabled={phase.name === 'reverifying'}
          >
            {collectLabel}
          </DeliberateButton>
          <button
            type="button"
            className="button"
            onClick={store.back}
            disabled={phase.name === 'reverifying'}
          >
            {t('sale.editData')}
          </button>
        </div>
      ) : (
        <section className="confirm" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{t('sale.confirmTitle')}</h2>
          <p className="confirm__question">{question}</p>
          <p>{t(held ? 'sale.confirmWarning' : confirmWords(quote.toCollect).warning)}</p>
          <div className="button-row">
            <DeliberateButton
              key="confirm"
              ref={primaryRef}
              type="button"
              className="button button--success button--huge"
              onClick={() => void store.confirmCollected()}
              disabled={busy}
            >
              <BusyLabel
                busy={phase.name === 'billing'}
                idle={yesLabel}
                working={t('sale.billing')}
              />
            </DeliberateButton>
            <button type="button" className="button" onClick={store.back} disabled={busy}>
              {t('common.backEsc')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
