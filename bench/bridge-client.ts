// Browser mode's bridge called from Node, as the page calls it: POST /bridge/<method> with the
// per-launch secret, which arrives in the printed launch URL (`?key=`).
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../shared/bridge';

export type HttpBridge = {
  call<M extends BridgeMethod>(method: M, args: BridgeArgs<M>): Promise<BridgeResult<M>>;
};

export function httpBridge(url: string, secret: string): HttpBridge {
  return {
    async call(method, args) {
      const response = await fetch(new URL(`/bridge/${method}`, url), {
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

/** The secret of a running browser mode, from its printed launch URL as the page takes it. */
export function readBridgeSecret(url: string): string {
  const key = new URL(url).searchParams.get('key');
  if (!key) throw new Error(`no bridge key in the launch URL ${url}`);
  return key;
}
