// The cross-counter check of Verify (v3) and Info (v2) (docs/decisions.md "Across counters, no
// second collection"): the store database is asked at the start of the handler, beside the
// service's own call, within the link's bounded wait, so a sale never waits on it longer than
// that bound. What it found travels in the answer (`store_check`) and in the journal (what the
// Verify kept), and a paid-and-billed of a Verify that found the code billed or in doubt at
// another counter is refused here, whatever the renderer sends.
import type { StoreCheck } from '../../../shared/bridge/store-db';
import { StoreCheck as StoreCheckSchema } from '../../../shared/bridge/store-db';
import type { OperationMode } from '../../../shared/journal-entry';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerDeps } from '../deps';

/** Starts the check; resolves to null where no store database is set. Never rejects. */
export function startStoreCheck(
  deps: HandlerDeps,
  mode: OperationMode,
  fundingCode: string,
): Promise<StoreCheck | null> {
  const link = deps.storeLink;
  if (!link) return Promise.resolve(null);
  return link.checkCode(mode, fundingCode).then(
    (check) => (check.state === 'off' ? null : check),
    () => ({ state: 'not-checked' }) as const,
  );
}

/** The answer's and the journal's field: absent without a store database. */
export const storeCheckField = (check: StoreCheck | null) =>
  check === null ? {} : { store_check: check };

/** Refuses a paid-and-billed whose Verify or Info found the code taken at another counter. */
export function refuseIfTakenElsewhere(kept: unknown): void {
  if (kept === null || typeof kept !== 'object' || !('store_check' in kept)) return;
  const parsed = StoreCheckSchema.safeParse(kept.store_check);
  if (!parsed.success) return;
  const check = parsed.data;
  if (check.state === 'in-doubt-elsewhere') {
    throw new BridgeFailure(
      'billing-in-doubt',
      `a paid-and-billed of this code at ${check.counter.terminal_name ?? check.counter.terminal_id} has no answer yet`,
    );
  }
  if (check.state === 'billed-elsewhere') {
    throw new BridgeFailure(
      'bad-arguments',
      `this code was billed at ${check.counter.terminal_name ?? check.counter.terminal_id}`,
    );
  }
}
