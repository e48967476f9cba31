// The IPC end of the bridge: every invoke is checked to come from the app's own top-level frame,
// then handed to the same dispatcher browser mode and tests use.
import type { BridgeResponse } from '../../shared/bridge/errors';
import { isTrustedSender } from './policies';

/** What the check reads of Electron's WebFrameMain. */
export type SenderFrame = { url: string; parent: unknown; frameTreeNodeId: number };

export type InvokeEvent = {
  senderFrame: SenderFrame | null;
  sender: { mainFrame: Pick<SenderFrame, 'frameTreeNodeId'> };
};

/**
 * The top frame of the sending window: no parent, and the same frame-tree node as the window's
 * main frame. Not object identity: Electron may wrap the same frame in another object.
 */
function isTopFrame(frame: SenderFrame, event: InvokeEvent): boolean {
  return frame.parent === null && frame.frameTreeNodeId === event.sender.mainFrame.frameTreeNodeId;
}

export type Dispatch = (method: unknown, args: unknown) => Promise<BridgeResponse<unknown>>;

export function createInvokeListener(dispatch: Dispatch) {
  return async (
    event: InvokeEvent,
    method: unknown,
    args: unknown,
  ): Promise<BridgeResponse<unknown>> => {
    const frame = event.senderFrame;
    const sender = frame ? { url: frame.url, isMainFrame: isTopFrame(frame, event) } : null;
    if (!isTrustedSender(sender)) {
      return {
        ok: false,
        error: { code: 'forbidden', message: 'Only the app’s own window may use the bridge.' },
      };
    }
    return dispatch(method, args);
  };
}
