import type { RefObject } from 'react';
import type { CollectPhase } from '../stores/collect-flow';

export type SubmitField = {
  /** The field is filled in correctly. */
  valid: boolean;
  /** The service's refusal names this field. */
  failed: boolean;
  ref: RefObject<HTMLInputElement | null>;
};

/**
 * After a submit of the sale or the check: a form with fields still wrong takes the cashier to
 * the first one; a refusal that names a field takes them there (docs/decisions.md "Counter
 * details (issue 10, second round)"). A refusal about no field is focused by CollectOutcome.
 */
export function focusAfterSubmit(phase: CollectPhase, fields: SubmitField[]): void {
  if (phase.name === 'editing') fields.find((f) => !f.valid)?.ref.current?.focus();
  else if (phase.name === 'verify-failed') fields.find((f) => f.failed)?.ref.current?.focus();
}
