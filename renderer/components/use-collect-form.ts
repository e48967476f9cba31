import { type RefObject, useCallback } from 'react';
import type { FormField } from '../logic/error-guidance';
import type { FieldState } from '../logic/sale-form';
import type { CollectStore } from '../stores/collect-flow';
import { useEscape } from './use-escape';

/** The form's fields in order, each with its input and how to read its state from the form. */
export type CollectField<F> = {
  name: Extract<FormField, 'identity' | 'code' | 'amount'>;
  ref: RefObject<HTMLInputElement | null>;
  state: (form: F) => FieldState;
};

/**
 * The keyboard of the sale's and the check's form, one piece for both: Esc goes one step back
 * (and from the amount or a refusal, to the first field); a submit with fields still wrong
 * takes the cashier to the first one, and a refusal that names a field takes them there
 * (docs/decisions.md "Counter details (issue 10, second round)"). A refusal about no field is
 * focused by CollectOutcome. Returns the submit.
 */
export function useCollectForm<F>(store: CollectStore<F>, fields: CollectField<F>[]) {
  const first = fields[0]?.ref;
  const onEscape = useCallback(() => {
    const before = store.getState().phase.name;
    store.getState().back();
    if (before === 'verified' || before === 'verify-failed') first?.current?.focus();
  }, [store, first]);
  useEscape(onEscape);

  return async () => {
    await store.getState().submit();
    const { phase, form } = store.getState();
    if (phase.name === 'editing') {
      fields.find((f) => f.state(form).status !== 'valid')?.ref.current?.focus();
    } else if (phase.name === 'verify-failed') {
      fields.find((f) => phase.guidance.fields[f.name])?.ref.current?.focus();
    }
  };
}
