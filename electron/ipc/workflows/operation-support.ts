// What every journaled cashier operation needs before its intent is written: a shift (the
// journal records who did it), a reachable service for the current mode, and typed values the
// journal can hold. Each check answers a typed bridge error rather than journaling a call that
// cannot be made.
import type { IdentityInput, Mode } from '../../../shared/bridge';
import type { ServiceError, ServiceResult } from '../../../shared/service-error';
import type { ServiceClient } from '../../service/service-client';
import { badArguments, notConfigured } from '../bridge-failure';
import type { HandlerDeps } from '../deps';
import { isIndefinite, journalOutcome } from './service-outcome';

export type Shift = { mode: Mode; cashierId: string; timeZone: string };

export function requireShift(deps: HandlerDeps): Shift {
  const current = deps.settings.get();
  if (current.cashier_id === null) {
    throw notConfigured('No shift started: the cashier must start a shift first.', 'shift');
  }
  // Upper case whatever the settings file holds (docs/decisions.md "Cashier codes and the end-shift warning (issue 18, items 5 and 11)").
  return {
    mode: current.mode,
    cashierId: current.cashier_id.toUpperCase(),
    timeZone: current.time_zone,
  };
}

export async function requireService(deps: HandlerDeps, mode: Mode): Promise<ServiceClient> {
  const client = await deps.serviceFor(mode);
  if (!client) throw notConfigured('Live mode needs the service base URL and token.');
  return client;
}

/** What the cashier typed is journaled as typed, within the journal's limits. */
export function checkJournalable(identity: IdentityInput): void {
  if (identity.value.length < 1 || identity.value.length > 32) {
    throw badArguments('identity out of range', { 'identity.value': '1 to 32 characters' });
  }
}

export function identityBody(identity: IdentityInput): { dni: string } | { ruc: string } {
  return identity.kind === 'dni' ? { dni: identity.value } : { ruc: identity.value };
}

export const invoiceFor = (identity: { kind: 'dni' | 'ruc' }) =>
  identity.kind === 'dni' ? ('boleta' as const) : ('factura' as const);

type Outcome<T> =
  | { status: 'succeeded'; op_id: string; data: T }
  | { status: 'refused'; op_id: string; error: ServiceError }
  | { status: 'unknown'; op_id: string; error: ServiceError; retrying: boolean };

/**
 * Journals the outcome of a call made once (no automatic retry) and answers the bridge outcome.
 * `succeed` turns the 200 data into what is kept and answered; it may return null when the data
 * cannot be trusted, which makes the outcome unknown (bad-response) rather than a success.
 */
export async function settleOnce<D, T>(
  deps: HandlerDeps,
  opId: string,
  result: ServiceResult<D>,
  succeed: (data: D) => { kept: unknown; data: T } | null,
): Promise<Outcome<T>> {
  let settled: ServiceResult<D> = result;
  let success: { kept: unknown; data: T } | null = null;
  if (result.ok) {
    success = succeed(result.data);
    if (!success) {
      settled = { ok: false, error: { category: 'bad-response', httpStatus: result.status } };
    }
  }
  const outcome = journalOutcome(settled, success?.kept);
  try {
    await deps.journal.recordOutcome(opId, outcome);
  } catch (error) {
    // The service answered but the disk took no outcome line: it is written once the journal
    // takes entries again, so the operation does not stay pending until a restart
    // (docs/decisions.md "No operation stays pending without a loop (issue 19)"). The cashier meets
    // `journal-unavailable` meanwhile.
    deps.lateOutcomes?.hold(opId, outcome);
    throw error;
  }
  if (settled.ok && success) return { status: 'succeeded', op_id: opId, data: success.data };
  if (settled.ok) throw new Error('unreachable: a success without data');
  const { error } = settled;
  return isIndefinite(error)
    ? { status: 'unknown', op_id: opId, error, retrying: false }
    : { status: 'refused', op_id: opId, error };
}
