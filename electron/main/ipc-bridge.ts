// The IPC end of the bridge: every invoke is checked to come from the app's own top-level frame,
// then handed to the same dispatcher browser mode and tests use.
import type { BridgeResponse } from '../../shared/bridge/errors';
import { isTrustedSender } from './policies';

export type InvokeEvent = {
  senderFrame: { url: string } | null;
  sender: { mainFrame: unknown };
};

export type Dispatch = (method: unknown, args: unknown) => Promise<BridgeResponse<unknown>>;

export function createInvokeListener(dispatch: Dispatch) {
  return async (
    event: InvokeEvent,
    method: unknown,
    args: unknown,
  ): Promise<BridgeResponse<unknown>> => {
    const frame = event.senderFrame;
    const sender = frame ? { url: frame.url, isMainFrame: frame === event.sender.mainFrame } : null;
    if (!isTrustedSender(sender)) {
      return {
        ok: false,
        error: { code: 'forbidden', message: 'Only the app’s own window may use the bridge.' },
      };
    }
    return dispatch(method, args);
  };
}
