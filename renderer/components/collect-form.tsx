import type { ReactNode } from 'react';
import { type CollectPhase, formLocked, isBusy } from '../stores/collect-flow';
import { BusyLabel } from './busy-label';

/**
 * The form side of the collect-and-bill flow (the v3 sale, the v2 check): its fields as
 * children, one submit button. An auto-repeated Enter (a held key) submits nothing: one press,
 * one Verify / Info (docs/decisions.md "Counter safety in the cashier's flows (issue 10)").
 */
export function CollectForm({
  id,
  title,
  onSubmit,
  phase,
  idle,
  working,
  children,
}: {
  id: string;
  title: string;
  onSubmit: () => void;
  /** The flow's phase: the button locks while a call is in flight or the form is frozen. */
  phase: CollectPhase;
  idle: string;
  working: string;
  children: ReactNode;
}) {
  return (
    <form
      className="card sale-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.repeat) event.preventDefault();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={isBusy(phase) || formLocked(phase)}
        >
          <BusyLabel busy={phase.name === 'verifying'} idle={idle} working={working} />
        </button>
      </div>
    </form>
  );
}
