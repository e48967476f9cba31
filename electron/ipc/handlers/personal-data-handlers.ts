// customer.*: a supervisor's look-up and erasure of one customer at a counter (docs/personal-data.md
// "Erasure on request"). Both need the PIN. The erasure masks this counter's journal now (every
// operation of the customer it may mask: final, no money held, nothing left to tell the cashier),
// then the store's (electron/store-link/store-link.ts, migration 0115), which tells every other
// counter; it says what the software cannot reach. Neither the DNI nor the RUC goes to the log:
// only counts and the mask.
import { NOT_REACHED } from '../../../shared/bridge/personal-data';
import { maskIdentity } from '../../../shared/personal-data/mask';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requirePin } from './require-pin';

export function personalDataHandlers(
  deps: HandlerDeps,
): Pick<HandlerMap, 'customer.find' | 'customer.erase'> {
  return {
    'customer.find': async ({ pin, supervisor, identity }) => {
      await requirePin(deps.settings, pin);
      const found = await deps.journal.customerOperations(identity.value);
      const query = { kind: identity.kind, value: identity.value, supervisor };
      const store = deps.storeLink
        ? await deps.storeLink.lookCustomer(query)
        : { state: 'off' as const };
      deps.logger.info('a supervisor looked a customer up', {
        mask: maskIdentity(identity.value),
        counter: found.maskable.length + found.held.length + found.masked.length,
        store: store.state,
      });
      return {
        mask: maskIdentity(identity.value),
        counter: {
          maskable: found.maskable.length,
          waiting: found.held.length,
          masked: found.masked.length,
        },
        store,
      };
    },
    'customer.erase': async ({ pin, supervisor, identity }) => {
      await requirePin(deps.settings, pin);
      const found = await deps.journal.customerOperations(identity.value);
      const wanted = new Set(found.maskable);
      const masked =
        wanted.size > 0
          ? (await deps.journal.maskIdentities((op) => wanted.has(op.opId))).operations
          : 0;
      const query = { kind: identity.kind, value: identity.value, supervisor };
      const store = deps.storeLink
        ? await deps.storeLink.forgetCustomer(query)
        : { state: 'off' as const };
      deps.logger.info('a supervisor erased a customer', {
        mask: maskIdentity(identity.value),
        masked,
        waiting: found.held.length,
        store: store.state,
      });
      return {
        mask: maskIdentity(identity.value),
        counter: { masked, waiting: found.held.length },
        store,
        not_reached: [...NOT_REACHED],
      };
    },
  };
}
