// Watches the mock's side of the wire: for every billing or undo call that reaches the mock, was
// the funding billed before and after? A "billing effect" is a funding going from not billed to
// billed, an "undo effect" the reverse. The invariants compare these counts, and the payments
// the mock recorded, with what the bridge and the journal said.
import type { MockApp } from '../../electron/mock/app';
import type { Transport } from '../../electron/service/transports';

export type FundingEffects = { billings: number; undos: number; reached: number };

export type EffectTracker = {
  transport: Transport;
  of(code: string): FundingEffects;
};

const WRITES = /\/(paid-and-billed|undo-billing)$/;

export function createEffectTracker(mock: MockApp, inner: Transport): EffectTracker {
  const effects = new Map<string, FundingEffects>();
  const of = (code: string) => {
    let found = effects.get(code);
    if (!found) {
      found = { billings: 0, undos: 0, reached: 0 };
      effects.set(code, found);
    }
    return found;
  };
  const transport: Transport = async (url, init) => {
    const write = WRITES.test(new URL(url).pathname);
    const code = write ? codeOf(init.body) : null;
    const funding = () => (code === null ? undefined : mock.mockContext.state.fundings.get(code));
    const before = funding()?.billing ?? null;
    const response = await inner(url, init);
    if (code !== null) {
      const after = funding()?.billing ?? null;
      const counted = of(code);
      counted.reached += 1;
      if (before === null && after !== null) counted.billings += 1;
      if (before !== null && after === null) counted.undos += 1;
    }
    return response;
  };
  return { transport, of };
}

function codeOf(body: string | undefined): string | null {
  try {
    const parsed = JSON.parse(body ?? '') as { funding_code?: unknown };
    return typeof parsed.funding_code === 'string' ? parsed.funding_code : null;
  } catch {
    return null;
  }
}
