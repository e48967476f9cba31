// The words of the collect and confirm steps. With nothing to collect there is no money to
// receive: the cashier confirms the billing, not a payment of S/ 0.00, and the step has one name
// in v3 and v2 (docs/decisions.md "Counter words, round 3 (issue 18, item 7)").
import type { MessageKey } from '../i18n/catalogue';

export function confirmWords(toCollect: number): {
  warning: MessageKey;
  yes: MessageKey;
  collect: { v3: MessageKey; v2: MessageKey };
} {
  const nothing = toCollect === 0;
  return {
    warning: nothing ? 'sale.confirmNothingWarning' : 'sale.confirmWarning',
    yes: nothing ? 'sale.confirmYesNothing' : 'sale.confirmYes',
    collect: { v3: 'sale.collectNothing', v2: 'sale.collectNothing' },
  };
}
