// The one door from the renderer to the main process. Arguments are checked against the
// contract before leaving (a bug here should never reach the service) and every answer is
// validated against the contract's result schema: nothing unchecked reaches a screen.
import type {
  BridgeArgs,
  BridgeError,
  BridgeMethod,
  BridgeMethods,
  BridgeResult,
} from '../../shared/bridge';
import { counterBridgeMethods } from '../../shared/bridge/counter-contract';
import { bridgeResponse } from '../../shared/bridge/errors';
import { useJournalHealthStore } from '../stores/journal-health-store';
import { BridgeUnreachable, currentTransport, type RawInvoke } from './transport';

/**
 * `lost` marks calls that got no answer from the bridge: the main process may have made the
 * service call anyway, so money-moving screens must treat it like an unknown outcome.
 */
export type CallResult<T> =
  | { ok: true; result: T }
  | { ok: false; error: BridgeError; lost?: boolean };

let transport: RawInvoke | null = null;

/**
 * The methods calls are checked against: the counter's, and the groups that load with their
 * screens (the store close's: stores/store-close-store.ts registers them when its code loads).
 */
const methods: Partial<Record<BridgeMethod, BridgeMethods[BridgeMethod]>> = {
  ...counterBridgeMethods,
};

export function registerBridgeMethods(group: Partial<BridgeMethods>): void {
  Object.assign(methods, group);
}

/** Tests and the e2e harness never need this; it exists so unit tests can pass a fake. */
export function setTransport(next: RawInvoke | null): void {
  transport = next;
}

export async function call<M extends BridgeMethod>(
  method: M,
  args: BridgeArgs<M>,
): Promise<CallResult<BridgeResult<M>>> {
  const spec = methods[method];
  if (!spec) {
    // Only a screen that loads on demand calls these, after its code (and this group) is in.
    return { ok: false, error: { code: 'unknown-method', message: `${method} not loaded` } };
  }
  const checked = spec.args.safeParse(args);
  if (!checked.success) {
    const issues: Record<string, string> = {};
    for (const issue of checked.error.issues) issues[issue.path.join('.') || '_'] = issue.message;
    return {
      ok: false,
      error: { code: 'bad-arguments', message: 'rejected before sending', issues },
    };
  }
  let raw: unknown;
  try {
    raw = await (transport ?? currentTransport())(method, checked.data);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'bridge failure';
    return {
      ok: false,
      error: { code: 'internal', message },
      lost: error instanceof BridgeUnreachable,
    };
  }
  const parsed = bridgeResponse(spec.result).safeParse(raw);
  if (!parsed.success) {
    // An answer outside the contract says nothing certain about what the main process did, so
    // it counts as lost: a paid-and-billed screen must stay amber, never guess.
    return {
      ok: false,
      error: { code: 'internal', message: 'the bridge answered outside the contract' },
      lost: true,
    };
  }
  // Every screen must stop, not only the one whose call met it (renderer/components/journal-block).
  if (!parsed.data.ok && parsed.data.error.code === 'journal-unavailable') {
    useJournalHealthStore.getState().markDown();
  }
  // The schema is the method's own, so its parsed value is exactly that method's result type.
  return parsed.data as CallResult<BridgeResult<M>>;
}
