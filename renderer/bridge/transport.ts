// The two ways a bridge call leaves the renderer. In Electron the preload exposes
// `window.mostrador.invoke`; in browser mode the loopback server takes a POST per method, guarded
// by the per-launch secret, which arrives in the launch URL (`?key=`) and nowhere else. Either way the answer is an untrusted value
// that call.ts validates against the contract.

export type RawInvoke = (method: string, args: unknown) => Promise<unknown>;

type PreloadApi = { invoke: RawInvoke };

declare global {
  interface Window {
    mostrador?: PreloadApi;
  }
}

/** Thrown when the bridge gave no answer at all: the call may or may not have reached it. */
export class BridgeUnreachable extends Error {}

const KEY_PARAM = 'key';
const KEY_STORE = 'mostrador.bridge-key';

/**
 * The secret from the launch URL, kept for this tab (a reload keeps working) and taken out of
 * the address bar so it is not shown, bookmarked or copied along with a route.
 */
export function adoptLaunchKey(location: Location, history: History, store: Storage): void {
  const params = new URLSearchParams(location.search);
  const key = params.get(KEY_PARAM);
  if (!key) return;
  store.setItem(KEY_STORE, key);
  params.delete(KEY_PARAM);
  const query = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
  );
}

function bridgeSecret(): string {
  try {
    return window.sessionStorage.getItem(KEY_STORE) ?? '';
  } catch {
    return '';
  }
}

async function httpInvoke(method: string, args: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/bridge/${method}`, {
      method: 'POST',
      headers: { 'X-Mostrador-Secret': bridgeSecret(), 'Content-Type': 'application/json' },
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
      adoptLaunchKey(window.location, window.history, window.sessionStorage);
    } catch {
      // No storage (a locked-down browser): calls go without the key and are refused.
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
