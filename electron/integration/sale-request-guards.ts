// The cashier's Verify and paid-and-billed of a till's sale request pass through these guards
// (sale-requests.ts): the Verify must be the sale the till sent, and the billing is journaled
// under the request's lock, only for its latest Verify, while the request is still open.
import type { IdentityInput, Mode } from '../../shared/bridge';
import { centsFromWire } from '../../shared/domain/money';
import type { JournalOperation } from '../../shared/journal-entry';
import { BridgeFailure } from '../ipc/bridge-failure';
import { LINK_KEY, requestBody } from './derive-state';
import { requestIdOf, type SaleRequestStore } from './sale-request-store';

export function saleRequestGuards(store: SaleRequestStore) {
  const requireOpenRequest = async (requestId: string) => {
    const found = await store.read(requestId);
    if (!found) throw new BridgeFailure('bad-arguments', 'No such sale request from the till.');
    const { state } = found.record;
    if (state !== 'waiting' && state !== 'verified') {
      throw new BridgeFailure(
        'till-request-closed',
        state === 'canceled'
          ? 'The till canceled this sale. Do not collect; give back any money taken.'
          : 'This sale request from the till is already closed.',
      );
    }
    return found;
  };

  return {
    /**
     * A Verify made for a till request: the amount is the request's and, when the till named
     * the customer, the identity is theirs; a factura needs a RUC. Returns the meta that ties
     * the Verify to the request.
     */
    async verifyLink(
      requestId: string,
      args: { mode: Mode; billed_cents: number; identity: IdentityInput },
    ): Promise<Record<string, string>> {
      const { record } = await requireOpenRequest(requestId);
      const request = store.requestOp(requestId);
      if (!request) throw new Error('a read request has no journal operation');
      const body = requestBody(request);
      const issues: Record<string, string> = {};
      if (request.mode !== args.mode) issues.sale_request_id = 'made in the other mode';
      if (centsFromWire(body.billed_amount) !== args.billed_cents) {
        issues.billed_cents = 'must be the amount the till sent';
      }
      const named = body.identity;
      if (named) {
        const kind = 'dni' in named ? 'dni' : 'ruc';
        const value = 'dni' in named ? named.dni : named.ruc;
        if (args.identity.kind !== kind || args.identity.value !== value) {
          issues.identity = 'must be the customer the till sent';
        }
      }
      if (body.document?.type === 'factura' && args.identity.kind !== 'ruc') {
        issues.identity = 'a factura needs the customer’s RUC';
      }
      if (Object.keys(issues).length > 0) {
        throw new BridgeFailure('bad-arguments', 'Not the sale the till sent.', issues);
      }
      return { [LINK_KEY]: request.op_id, request_id: record.request_id };
    },

    /**
     * Runs the paid-and-billed's journaling under the request's lock: a cancel from the till
     * either came first (the call is refused) or waits and then answers 409.
     */
    async guardBilling<T>(verify: JournalOperation, task: () => Promise<T>): Promise<T> {
      const requestOpId = verify.intent.meta?.[LINK_KEY];
      if (typeof requestOpId !== 'string') return task();
      const request = store.all().find((op) => op.op_id === requestOpId);
      if (!request) return task();
      return store.withRequest(requestOpId, async () => {
        const { verify: shown } = await requireOpenRequest(requestIdOf(request));
        if (shown?.op_id !== verify.op_id) {
          throw new BridgeFailure('bad-arguments', 'Not the latest Verify of this till sale.');
        }
        return task();
      });
    },
  };
}
