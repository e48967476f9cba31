// Calls the bridge from inside the page, exactly as the renderer does in browser mode (the
// cookie the launch URL's key was exchanged for), for test set-up and for the trainer's fault
// injection.
import type { Page } from '@playwright/test';
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../shared/bridge';

export async function bridgeRaw(page: Page, method: string, args: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, args }) => {
      const response = await fetch(`/bridge/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(args),
      });
      return response.json();
    },
    { method, args },
  );
}

export async function bridge<M extends BridgeMethod>(
  page: Page,
  method: M,
  args: BridgeArgs<M>,
): Promise<BridgeResult<M>> {
  const answer = (await bridgeRaw(page, method, args)) as {
    ok: boolean;
    result?: unknown;
    error?: unknown;
  };
  if (!answer.ok) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
  return answer.result as BridgeResult<M>;
}
