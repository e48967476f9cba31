// Browser mode's bridge called from Node, as the page calls it: POST /bridge/<method> with the
// per-launch secret, which the server writes into index.html's meta tag.
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../shared/bridge';

export type HttpBridge = {
  call<M extends BridgeMethod>(method: M, args: BridgeArgs<M>): Promise<BridgeResult<M>>;
};

export function httpBridge(url: string, secret: string): HttpBridge {
  return {
    async call(method, args) {
      const response = await fetch(`${url}bridge/${method}`, {
        method: 'POST',
        headers: { 'X-Mostrador-Secret': secret, 'Content-Type': 'application/json' },
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

/** The secret of a running browser mode, read from its page like the renderer reads it. */
export async function readBridgeSecret(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const match = /<meta name="mostrador-bridge-secret" content="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no bridge secret in index.html (is the renderer built?)');
  return match[1];
}
