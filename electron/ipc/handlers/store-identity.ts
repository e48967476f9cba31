// Who the store is to the service for online orders: its client id (`pos_client_id`, the add-on's
// `Client_id`, the info steps' path) and the web address its redirect pages live under. Training
// uses the mock's own, live what a supervisor set (behind the PIN), so training orders never
// carry the live store's identity and live ones never point at the mock.
import type { Mode } from '../../../shared/bridge';
import { trainingStoreId } from '../../store-link/training-store-id';
import { notConfigured } from '../bridge-failure';
import type { HandlerDeps, StoreIdentity } from '../deps';

export function posClientIdFor(deps: HandlerDeps, mode: Mode): string {
  if (mode === 'training') return deps.trainingStore.posClientId;
  const id = deps.settings.get().pos_client_id;
  if (id === null)
    throw notConfigured('Live mode needs the store client id (pos_client_id).', 'store-client-id');
  return id;
}

/**
 * The store whose rows, freshness and close the store database holds for `mode`: the live client
 * id, or training's own store (docs/decisions.md "Training belongs to its own store"), the one
 * the store link replicates training lines under. Not `posClientIdFor`: training's service client
 * id is the same for every store.
 */
export async function storeDbStoreFor(deps: HandlerDeps, mode: Mode): Promise<string> {
  if (mode === 'live') return posClientIdFor(deps, mode);
  return trainingStoreId(deps.settings.get().pos_client_id, await deps.settings.terminalId());
}

export function storeIdentityFor(deps: HandlerDeps, mode: Mode): StoreIdentity {
  const posClientId = posClientIdFor(deps, mode);
  if (mode === 'training') return { posClientId, storeUrl: deps.trainingStore.storeUrl };
  const storeUrl = deps.settings.get().store_url;
  if (storeUrl === null)
    throw notConfigured('Live mode needs the store web address (store_url).', 'store-url');
  return { posClientId, storeUrl };
}

/**
 * Where the customer's application sends the customer afterwards: fixed page names under the
 * store's address, each told the order (`?order_id=`), so the store's site needs four pages and
 * nothing per order. The order-detail page is optional at the service and not sent.
 */
export function redirectPages(storeUrl: string, orderId: string) {
  const page = (name: string) => {
    const url = new URL(`${storeUrl.replace(/\/+$/, '')}/${name}`);
    url.searchParams.set('order_id', orderId);
    return url.href;
  };
  return {
    url_redir_on_canceled: page('canceled'),
    url_redir_on_rejected: page('rejected'),
    url_redir_on_success: page('success'),
    url_redir_on_downpayment: page('downpayment'),
  };
}
