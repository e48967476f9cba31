// The amount and the collect step (collect-outcome.tsx, phases `verified`, `reverifying`,
// `confirming` and `billing`): the quote's figures, "Cobrar S/ …", then the explicit "is the money
// in the drawer?" step whose yes sends paid-and-billed. With money held for the code, the words
// name what to collect now and what is used from the hold.
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import type { T } from '../i18n/use-t';
import { useT } from '../i18n/use-t';
import { confirmWords } from '../logic/confirm-words';
import type { Quote } from '../stores/collect-calls';
import type { CollectPhase } from '../stores/collect-flow';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import type { CollectWords } from './collect-words';
import { DeliberateButton } from './deliberate-button';
import { HeldNotice } from './held-money';
import { QuoteFacts } from './quote-facts';

/** The collect button, the confirm question and its yes: the amount, or the hold's words. */
export function collectTexts(quote: Quote, t: T, words: CollectWords) {
  const amount = formatPEN(quote.toCollect);
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
  return { collectLabel, question, yesLabel };
}

type StepPhase = Extract<
  CollectPhase,
  { name: 'verified' | 'reverifying' | 'confirming' | 'billing' }
>;

export function CollectStep({
  phase,
  words,
  primaryRef,
  busy,
  onCollect,
  onConfirm,
  onBack,
}: {
  phase: StepPhase;
  words: CollectWords;
  primaryRef: Ref<HTMLButtonElement>;
  busy: boolean;
  onCollect: () => void;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const { quote } = phase;
  const held = quote.held;
  const { collectLabel, question, yesLabel } = collectTexts(quote, t, words);
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
            onClick={onCollect}
            disabled={phase.name === 'reverifying'}
          >
            {collectLabel}
          </DeliberateButton>
          <button
            type="button"
            className="button"
            onClick={onBack}
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
              onClick={onConfirm}
              disabled={busy}
            >
              <BusyLabel
                busy={phase.name === 'billing'}
                idle={yesLabel}
                working={t('sale.billing')}
              />
            </DeliberateButton>
            <button type="button" className="button" onClick={onBack} disabled={busy}>
              {t('common.backEsc')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
