// Sale requests from the till, kept in the journal (docs/integration-api.md): created once per
// request_id, read back by folding what the journal holds (derive-state.ts), canceled while
// nothing was collected. One lock per request serializes a cancel against the cashier's
// paid-and-billed, so exactly one of them wins and the other is refused.
import { centsFromWire } from '../../shared/domain/money';
import type { SaleRequest, SaleRequestBody } from '../../shared/integration/sale-request';
import type { JournalOperation } from '../../shared/journal-entry';
import { createKeyedLock } from '../ipc/workflows/keyed-lock';
import type { Journal } from '../journal/journal';
import { canonicalJson } from '../mock/orders/canonical-json';
import type { SettingsStore } from '../settings/settings-store';
import { type DerivedState, deriveState, LINK_KEY, OPERATIONS } from './derive-state';

export type StoreDeps = { journal: Journal; settings: SettingsStore };

export type CreateAnswer =
  | { kind: 'created' | 'existing'; record: SaleRequest }
  | { kind: 'conflict'; message: string };

export type CancelAnswer =
  | { kind: 'canceled'; record: SaleRequest }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string; record: SaleRequest };

export const MESSAGES = {
  otherBody: 'request_id already used with another body',
  notFound: 'No sale request with that request_id',
  alreadyConfirmed:
    'The cashier already confirmed paid-and-billed: the sale cannot be canceled from the till',
} as const;

export type SaleRequestStore = ReturnType<typeof createSaleRequestStore>;

export function createSaleRequestStore({ journal, settings }: StoreDeps) {
  /** request_id → the journaled request (its intent never changes once written). */
  const byRequestId = new Map<string, JournalOperation>();
  const lock = createKeyedLock();

  /** The state, and the op_ids of every operation it was folded from (the request's own too). */
  const fold = async (request: JournalOperation): Promise<DerivedState & { linked: string[] }> => {
    const link = { key: LINK_KEY };
    const [cancels, verifies] = await Promise.all([
      journal.linkedTo(request.op_id, { ...link, operation: OPERATIONS.cancel }),
      journal.linkedTo(request.op_id, { ...link, operation: OPERATIONS.verify }),
    ]);
    const withBillings = await Promise.all(
      verifies.map(async (verify) => ({
        verify,
        billings: await journal.linkedTo(verify.op_id, {
          key: 'verify_op_id',
          operation: OPERATIONS.billing,
        }),
      })),
    );
    const linked = [
      request.op_id,
      ...cancels.map((op) => op.op_id),
      ...withBillings.flatMap(({ verify, billings }) => [
        verify.op_id,
        ...billings.map((op) => op.op_id),
      ]),
    ];
    return { ...deriveState({ request, cancels, verifies: withBillings }), linked };
  };

  /** Writes an operation that is decided by being written: its intent, then "succeeded". */
  const recordFact = async (fields: Parameters<Journal['recordIntent']>[0]): Promise<string> => {
    const opId = await journal.recordIntent(fields);
    await journal.recordOutcome(opId, { status: 'succeeded', result: { recorded: true } });
    return opId;
  };

  const cashierId = () => settings.get().cashier_id ?? 'till';

  return {
    /** Reads every sale request back from the journal and closes facts a crash left half-written. */
    async load(): Promise<JournalOperation[]> {
      for (const op of await journal.unresolved()) {
        if (op.operation === OPERATIONS.request || op.operation === OPERATIONS.cancel) {
          // The intent is the fact; the outcome only marks it written.
          await journal.recordOutcome(op.op_id, {
            status: 'succeeded',
            result: { recorded: true },
          });
        }
      }
      const requests = await journal.ofOperation(OPERATIONS.request);
      for (const op of requests) byRequestId.set(requestIdOf(op), op);
      return requests;
    },

    requestOp: (requestId: string) => byRequestId.get(requestId) ?? null,
    fold,

    async read(requestId: string): Promise<DerivedState | null> {
      const request = byRequestId.get(requestId);
      return request ? fold(request) : null;
    },

    create(body: SaleRequestBody): Promise<CreateAnswer> {
      return lock(`request:${body.request_id}`, async () => {
        const existing = byRequestId.get(body.request_id);
        if (existing) {
          if (canonicalJson(existing.intent.request) !== canonicalJson(body)) {
            return { kind: 'conflict', message: MESSAGES.otherBody };
          }
          return { kind: 'existing', record: (await fold(existing)).record };
        }
        const { mode } = settings.get();
        const identity = body.identity
          ? 'dni' in body.identity
            ? { kind: 'dni' as const, value: body.identity.dni }
            : { kind: 'ruc' as const, value: body.identity.ruc }
          : undefined;
        const opId = await recordFact({
          operation: OPERATIONS.request,
          mode,
          cashier_id: cashierId(),
          ...(identity ? { identity } : {}),
          billed_cents: centsFromWire(body.billed_amount) ?? 0,
          request: JSON.parse(canonicalJson(body)),
          meta: { request_id: body.request_id },
        });
        const written = await journal.operation(opId);
        if (!written) throw new Error('a written sale request is not in the journal');
        byRequestId.set(body.request_id, written);
        return { kind: 'created', record: (await fold(written)).record };
      });
    },

    cancel(requestId: string, by: 'till' | 'cashier'): Promise<CancelAnswer> {
      const request = byRequestId.get(requestId);
      if (!request) return Promise.resolve({ kind: 'not-found' });
      return this.withRequest(request.op_id, async () => {
        const { record } = await fold(request);
        if (record.state === 'canceled') return { kind: 'canceled', record };
        if (record.state !== 'waiting' && record.state !== 'verified') {
          return { kind: 'conflict', message: MESSAGES.alreadyConfirmed, record };
        }
        await recordFact({
          operation: OPERATIONS.cancel,
          mode: request.mode,
          cashier_id: cashierId(),
          request: { request_id: requestId },
          meta: { [LINK_KEY]: request.op_id, by },
        });
        return { kind: 'canceled', record: (await fold(request)).record };
      });
    },

    /** Runs `task` with no cancel of this request in between (see the file's comment). */
    withRequest<T>(requestOpId: string, task: () => Promise<T>): Promise<T> {
      return lock(`op:${requestOpId}`, task);
    },

    all: () => [...byRequestId.values()],
  };
}

export function requestIdOf(op: JournalOperation): string {
  const id = op.intent.meta?.request_id;
  return typeof id === 'string' ? id : op.op_id;
}
