// The words that differ between the sale (v3) and the check (v2) in what follows their Verify or
// Info (collect-outcome.tsx and its states); the steps themselves are the same.
import type { MessageKey } from '../i18n/catalogue';
import type { Generation } from '../stores/collect-calls';

export type CollectWords = Record<
  'empty' | 'asking' | 'next' | 'leave' | 'collectNothing',
  MessageKey
>;

export const COLLECT_WORDS: Record<Generation, CollectWords> = {
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
