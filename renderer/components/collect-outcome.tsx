import { useEffect, useRef, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { AskElsewhere } from '../lazy-views';
import { STEPS } from '../stores/collect-calls';
import {
  type CollectPhase,
  type CollectStore,
  isBusy,
  mustAnswerElsewhere,
} from '../stores/collect-flow';
import { useHeldMoneyStore } from '../stores/held-money-store';
import { useIsTraining } from '../stores/settings-store';
import { useShownInPlace } from '../stores/unknown-outcome';
import { CollectAlreadyBilled } from './collect-billed-elsewhere';
import { PaidRefused, VerifyRefused } from './collect-refused';
import { CollectStep } from './collect-step';
import { CollectUnknown } from './collect-unknown';
import { COLLECT_WORDS } from './collect-words';
import { PaidAndBilled } from './paid-and-billed';

/**
 * What every state of the outcome shares: focus follows the flow so Enter always does the next
 * right thing, and leaving a refused sale whose money was collected asks first whether it was
 * given back (`leaving`, reset at each new phase).
 */
function useOutcomeFocus(phase: CollectPhase) {
  const primaryRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refusedWithoutField =
    phase.name === 'verify-failed' && Object.keys(phase.guidance.fields).length === 0;
  useEffect(() => {
    if (['verified', 'confirming', 'billed'].includes(phase.name)) primaryRef.current?.focus();
    else if (['paid-refused', 'unknown'].includes(phase.name)) panelRef.current?.focus();
    // A refusal about no field of the form: the message is where the cashier reads on.
    else if (refusedWithoutField) panelRef.current?.focus();
  }, [phase.name, refusedWithoutField]);

  const [leaving, setLeaving] = useState(false);
  const loadHeld = useHeldMoneyStore((s) => s.load);
  useEffect(() => {
    setLeaving(false);
    // A refusal after collecting, or a billing, changes what is held: the main process knows.
    if (phase.name === 'paid-refused' || phase.name === 'billed') void loadHeld();
  }, [phase.name, loadHeld]);
  return { primaryRef, panelRef, leaving, setLeaving };
}

/**
 * The right-hand side of the sale (v3) and of the check (v2): whatever the phase says the
 * cashier may do next. One component for both, so a safety rule kept here is kept on both
 * screens (docs/decisions.md "Counter safety in the cashier's flows (issue 10)"). It holds what
 * every state shares (where focus goes, the "did you give the money back?" question, the store's
 * actions) and shows one state, each in a component of its own: the refusals
 * (collect-refused.tsx), the unknown billing (collect-unknown.tsx), the code billed already
 * (collect-billed-elsewhere.tsx), the amount and the collect step (collect-step.tsx).
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
  const words = COLLECT_WORDS[generation];
  useShownInPlace(STEPS[generation].continuation);
  const { primaryRef, panelRef, leaving, setLeaving } = useOutcomeFocus(phase);
  const busy = isBusy(phase) || store.sideBusy;

  const startOver = () => {
    store.reset();
    onNew();
  };

  if (phase.name === 'editing' || phase.name === 'verifying') {
    return (
      <div className="sale-outcome sale-outcome--empty">
        <p>{phase.name === 'verifying' ? t(words.asking) : t(words.empty)}</p>
      </div>
    );
  }

  if (phase.name === 'verify-failed') {
    return (
      <VerifyRefused
        guidance={phase.guidance}
        panelRef={panelRef}
        busy={busy}
        onRetry={() => void store.submit()}
        onOpenCheck={onOpenCheck}
      />
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

  if (phase.name === 'unknown') {
    return (
      <CollectUnknown
        quote={phase.quote}
        guidance={phase.guidance}
        panelRef={panelRef}
        busy={busy}
        onCheckAgain={() => void store.checkAgain()}
        onStartOver={startOver}
      />
    );
  }

  if (phase.name === 'paid-refused') {
    return (
      <PaidRefused
        quote={phase.quote}
        guidance={phase.guidance}
        retried={phase.retried}
        generation={generation}
        training={training}
        scheduleAccepted={store.scheduleAccepted}
        words={words}
        panelRef={panelRef}
        busy={busy}
        leaving={leaving}
        setLeaving={setLeaving}
        onStartOver={startOver}
        actions={{
          onReverify: () => void store.reverify(),
          onRetryPaid: () => void store.confirmCollected(),
          onAcceptSchedule: () => void store.acceptSchedule(),
        }}
      />
    );
  }

  const { quote } = phase;
  if (quote.alreadyBilled) {
    return (
      <CollectAlreadyBilled
        quote={quote}
        primaryRef={primaryRef}
        newLabel={t(words.next)}
        leaving={leaving}
        setLeaving={setLeaving}
        onStartOver={startOver}
      />
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

  return (
    <CollectStep
      phase={phase}
      words={words}
      primaryRef={primaryRef}
      busy={busy}
      onCollect={store.startCollect}
      onConfirm={() => void store.confirmCollected()}
      onBack={store.back}
    />
  );
}
