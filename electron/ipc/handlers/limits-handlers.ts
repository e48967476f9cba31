// limits.get: the store's funding limits, with the amount bounds in cents for the order form.
// A read, not journaled; it needs no shift (a supervisor may look before one starts).
import type { HandlerDeps, HandlerMap } from '../deps';
import { readLimits } from '../workflows/funding-limits';
import { requireService } from '../workflows/operation-support';

export function limitsHandlers(deps: HandlerDeps): Pick<HandlerMap, 'limits.get'> {
  return {
    'limits.get': async () => {
      const client = await requireService(deps, deps.settings.get().mode);
      const read = await readLimits(client);
      return read.ok
        ? { status: 'succeeded' as const, data: read.view }
        : { status: 'failed' as const, error: read.error };
    },
  };
}
