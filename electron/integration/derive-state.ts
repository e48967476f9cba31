// A sale request's state, folded from the journal: the request itself, the cancels that name
// it, the Verifies the cashier made for it and the paid-and-billed calls of those Verifies.
// Nothing else is kept anywhere, so after a restart (or a retry loop settling an unknown call)
// the till's next read gives the right state with no separate bookkeeping to fall out of step.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SaleAmounts } from '../../shared/bridge/operations';
import { centsToWire } from '../../shared/domain/money';
import type { SaleRequest, SaleRequestBody } from '../../shared/integration/sale-request';
import type { JournalOperation } from '../../shared/journal-entry';

export const OPERATIONS = {
  request: 'integration.saleRequest',
  cancel: 'integration.cancel',
  callback: 'integration.callback',
  verify: 'v3.verify',
  billing: 'v3.paidAndBilled',
} as const;

/** The meta key that ties a cancel, a Verify or a callback to its sale request. */
export const LINK_KEY = 'sale_request_op_id';

export type Folded = {
  request: JournalOperation;
  cancels: JournalOperation[];
  /** Oldest first, each with its paid-and-billed calls (oldest first). */
  verifies: { verify: JournalOperation; billings: JournalOperation[] }[];
};

const VerifyKept = z.object({ amounts: SaleAmounts });
const AlreadyBilled = z.object({ conditions: z.object({ billed_by_ecommerce: z.literal(true) }) });
const CancelMeta = z.object({ by: z.enum(['till', 'cashier']) });

export type DerivedState = {
  record: SaleRequest;
  /** The paid-and-billed that decides the state, when one was made. */
  billing: JournalOperation | null;
  /** The Verify whose amount is on the screen, when the latest one succeeded. */
  verify: JournalOperation | null;
};

export function requestBody(request: JournalOperation): SaleRequestBody {
  return request.intent.request as SaleRequestBody;
}

export function deriveState(folded: Folded): DerivedState {
  const body = requestBody(folded.request);
  const billings = folded.verifies.flatMap((v) => v.billings);
  // The last one not refused is the one that billed or may still bill (as
  // electron/ipc/workflows/billing.ts decides).
  const billing = billings.findLast((op) => op.status !== 'refused') ?? billings.at(-1) ?? null;
  const latest = folded.verifies.at(-1)?.verify ?? null;
  // A code already billed has nothing to collect: the till sees no amount either, and no
  // paid-and-billed may follow that Verify (guardBilling asks for this one).
  const alreadyBilled = AlreadyBilled.safeParse(latest?.outcome?.result).success;
  const verify = latest?.status === 'succeeded' && !alreadyBilled ? latest : null;
  const cancel = folded.cancels[0] ?? null;

  const base: Omit<SaleRequest, 'state' | 'etag' | 'updated_at'> = {
    request_id: body.request_id,
    billed_amount: body.billed_amount,
    ...(body.document ? { document: body.document } : {}),
    ...(body.identity ? { identity: body.identity } : {}),
    training: folded.request.mode === 'training',
    created_at: folded.request.started_at,
  };
  const shown = billing
    ? (folded.verifies.find((v) => v.billings.includes(billing))?.verify ?? verify)
    : verify;
  const details = shown ? verifyDetails(shown) : {};
  let fields: Pick<SaleRequest, 'state'> & Partial<SaleRequest>;
  if (billing) {
    const collected =
      billing.intent.to_collect_cents === undefined
        ? {}
        : { collected_amount: centsToWire(billing.intent.to_collect_cents) };
    if (billing.status === 'succeeded') fields = { state: 'billed', ...details, ...collected };
    else if (billing.status === 'refused') {
      fields = { state: 'refused', ...details, error: errorOf(billing) };
    } else fields = { state: 'unknown', ...details, ...collected };
  } else if (cancel) {
    const by = CancelMeta.safeParse(cancel.intent.meta);
    fields = { state: 'canceled', canceled_by: by.success ? by.data.by : 'till' };
  } else if (verify) {
    fields = { state: 'verified', ...details };
  } else {
    fields = { state: 'waiting' };
  }
  const involved = [folded.request, ...folded.cancels, ...folded.verifies.map((v) => v.verify)];
  if (billing) involved.push(billing);
  // ISO times of one clock: the latest sorts last.
  const updated_at =
    involved
      .map((op) => op.updated_at)
      .sort()
      .at(-1) ?? folded.request.updated_at;
  const record = { ...base, ...fields, updated_at };
  return { record: { ...record, etag: etagOf(record) }, billing, verify };
}

function verifyDetails(verify: JournalOperation) {
  const kept = VerifyKept.safeParse(verify.outcome?.result);
  const identity = verify.intent.identity;
  return {
    ...(verify.intent.funding_code ? { funding_code: verify.intent.funding_code } : {}),
    ...(identity
      ? { identity: identity.kind === 'dni' ? { dni: identity.value } : { ruc: identity.value } }
      : {}),
    ...(kept.success
      ? {
          amount_to_collect: centsToWire(kept.data.amounts.to_collect),
          installments: {
            number: kept.data.amounts.installments_number,
            amount: centsToWire(kept.data.amounts.installments_amount),
          },
        }
      : {}),
  };
}

function errorOf(op: JournalOperation): { category: string; message: string } {
  const message = op.outcome?.service_message;
  return {
    category: op.outcome?.error_category ?? 'refused',
    message:
      typeof message === 'string'
        ? message
        : message
          ? JSON.stringify(message)
          : 'The financing service refused the sale.',
  };
}

/** Short, and the same for the same record: any change of any field gives another. */
export function etagOf(record: Omit<SaleRequest, 'etag'>): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 20);
}

/** `"abc"`, `W/"abc"` or `abc` → `abc`: tills send what they received in either form. */
export function normalizeEtag(value: string | undefined): string | null {
  if (!value) return null;
  const text = value
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  return text === '' ? null : text;
}
