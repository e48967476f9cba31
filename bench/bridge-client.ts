// Browser mode's bridge called from Node, as the page calls it: POST /bridge/<method> with the
// page's session cookie, which the printed launch URL's one-time key (`?key=`) is exchanged for,
// or with the bridge secret in the X-Mostrador-Secret header (a host in process).
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../shared/bridge';

export type HttpBridge = {
  call<M extends BridgeMethod>(method: M, args: BridgeArgs<M>): Promise<BridgeResult<M>>;
};

/** `auth`: the bridge secret, or the headers of a session (`openSession`). */
export function httpBridge(url: string, auth: string | Record<string, string>): HttpBridge {
  const headers = typeof auth === 'string' ? { 'X-Mostrador-Secret': auth } : auth;
  return {
    async call(method, args) {
      const response = await fetch(new URL(`/bridge/${method}`, url), {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      const answer = (await response.json()) as {
        ok: boolean;
        result?: unknown;
        error?: { code: string; message: string };
      };
      if (!answer.ok) throw new Error(`${method}: ${answer.error?.code} ${answer.error?.message}`);
      return answer.result as BridgeResult<typeof method>;
    },
  };
}

/**
 * The page's session of a running browser mode, as a browser opens it: the printed launch URL's
 * one-time key exchanged for the session cookie. The headers a bridge call then carries.
 */
export async function openSession(launchUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(launchUrl, { redirect: 'manual' });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (answer.status !== 303 || !cookie) {
    throw new Error(`the launch URL opened no session (${answer.status})`);
  }
  return { Cookie: cookie, Origin: new URL(launchUrl).origin };
}
