// The two ways a bridge call leaves the renderer. In Electron the preload exposes
// `window.mostrador.invoke`; in browser mode the loopback server takes a POST per method, guarded
// by the per-launch secret it wrote into the page. Either way the answer is an untrusted value
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

function bridgeSecret(): string {
  // The server may add its own meta tag; the first non-empty one is the secret.
  const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="mostrador-bridge-secret"]');
  for (const meta of metas) if (meta.content) return meta.content;
  return '';
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
