// The two ways a bridge call leaves the renderer. In Electron the preload exposes
// `window.mostrador.invoke`; in browser mode the loopback server takes a POST per method, guarded
// by a session. The page never holds a key: the launch URL's one-time `?key=` is exchanged by
// the server for a session in an HttpOnly cookie before the page loads (electron/web/, and
// docs/decisions.md "The launch key works once"), and the browser sends it. Either way
// the answer is an untrusted value that call.ts validates against the contract.

export type RawInvoke = (method: string, args: unknown) => Promise<unknown>;

type PreloadApi = { invoke: RawInvoke };

declare global {
  interface Window {
    mostrador?: PreloadApi;
  }
}

/** Thrown when the bridge gave no answer at all: the call may or may not have reached it. */
export class BridgeUnreachable extends Error {}

/** Where earlier versions kept the key in the tab: removed so no saved session keeps it. */
const OLD_KEY_STORE = 'mostrador.bridge-key';

async function httpInvoke(method: string, args: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/bridge/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new BridgeUnreachable('no answer from the bridge', { cause });
  }
  try {
    return await response.json();
  } catch (cause) {
    // An answer that is not JSON (a proxy page, a cut connection) is no answer.
    throw new BridgeUnreachable(`bridge answered HTTP ${response.status} without JSON`, { cause });
  }
}

export function currentTransport(): RawInvoke {
  const preload = window.mostrador;
  if (!preload) {
    try {
      window.sessionStorage.removeItem(OLD_KEY_STORE);
    } catch {
      // No storage (a locked-down browser): nothing was kept there either.
    }
  }
  if (preload && typeof preload.invoke === 'function') {
    return async (method, args) => {
      try {
        return await preload.invoke(method, args);
      } catch (cause) {
        throw new BridgeUnreachable('the preload bridge failed', { cause });
      }
    };
  }
  return httpInvoke;
}

export function isElectronShell(): boolean {
  return typeof window.mostrador?.invoke === 'function';
}
