// html.*: the service's embeddable fragments, passed on as received text. The renderer shows them
// only in a sandboxed iframe with no scripts and no bridge (docs/decisions.md "Embeddable HTML"),
// so nothing here parses or cleans them. The client id is the mode's store (store-identity.ts).

import { toReadOutcome } from '../../../shared/bridge/result';
import { centsToWire } from '../../../shared/domain/money';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requireService } from '../workflows/operation-support';
import type { FragmentStore } from './fragment-store';
import { posClientIdFor } from './store-identity';

export function htmlHandlers(
  deps: HandlerDeps,
  fragments: FragmentStore,
): Pick<HandlerMap, 'html.addOn' | 'html.infoSteps'> {
  // Kept for its own document (fragment-store.ts); the html is passed on too.
  const keep = (html: string) => ({ html, frame_path: fragments.put(html) });
  return {
    'html.addOn': async ({ amount_cents }) => {
      const { mode } = deps.settings.get();
      const client = await requireService(deps, mode);
      // Checked here so a missing id is "configure the store", not a 401 from the service.
      posClientIdFor(deps, mode);
      // Soles as the path writes them: `1500` or `1500.5`, never a float artefact.
      const result = await client.financingAddOn(String(centsToWire(amount_cents)));
      return toReadOutcome(result, keep);
    },

    'html.infoSteps': async () => {
      const { mode } = deps.settings.get();
      const client = await requireService(deps, mode);
      const result = await client.infoSteps(posClientIdFor(deps, mode));
      return toReadOutcome(result, keep);
    },
  };
}
