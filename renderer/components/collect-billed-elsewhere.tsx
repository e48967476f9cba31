// A code the service says is already billed (collect-outcome.tsx): nothing to collect. When money
// for a refused sale of the code is held here, it goes back, and leaving asks first, so the hold
// ends on the journal (docs/decisions.md "Money held for a code billed elsewhere").
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { Quote } from '../stores/collect-calls';
import { AlreadyBilled } from './already-billed';
import { amountText } from './amount-text';
import { LeaveRefusedSale } from './held-money';
import { QuoteFacts } from './quote-facts';

export function CollectAlreadyBilled({
  quote,
  primaryRef,
  newLabel,
  leaving,
  setLeaving,
  onStartOver,
}: {
  quote: Quote;
  primaryRef: Ref<HTMLButtonElement>;
  newLabel: string;
  leaving: boolean;
  setLeaving: (leaving: boolean) => void;
  onStartOver: () => void;
}) {
  const t = useT();
  const heldHere = quote.held?.hold ?? null;
  return (
    <div className="sale-outcome">
      <QuoteFacts quote={quote} withAmount={false} />
      <AlreadyBilled
        billedCents={quote.billedCents}
        billedAt={quote.billedAt}
        billedElsewhere={quote.billedElsewhere}
        primaryRef={primaryRef}
        onNew={heldHere ? () => setLeaving(true) : onStartOver}
        newLabel={newLabel}
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
          onDone={onStartOver}
          onBack={() => setLeaving(false)}
        />
      ) : null}
    </div>
  );
}
