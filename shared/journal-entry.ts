// The journal of cashier operations, line by line (docs/decisions.md "Journal durability"). The
// main process writes it; the renderer reads folded operations over the bridge; both validate
// with these schemas, so the shapes are written once here.
//
// Schemas are deliberately lenient about values the cashier typed (identity, funding code): the
// journal must record an intent *before* the call even when the service is about to refuse it,
// and a year-old line must stay readable after the app's rules change. For the same reason
// `operation` and `error_category` are open strings with a known list, not closed enums.
import { z } from 'zod';
import { Cents } from './domain/money';

/** How the tray and the announcements name an operation (`ops.kind.<kind>` in the catalogue). */
export type OperationKind =
  | 'verify'
  | 'billing'
  | 'undo'
  | 'info'
  | 'summary'
  | 'order'
  | 'refund'
  | 'other';

type OperationTraits = {
  kind: OperationKind;
  /**
   * It only reads the service: without an answer it changed nothing there, so it never holds the
   * store close (shared/store/store-close.ts).
   */
  read: boolean;
  /**
   * A supervisor may close it without an answer, with a note: it moves no money by itself. A
   * paid-and-billed or a refund stays open until the service answers (journal-handlers.ts).
   */
  closable: boolean;
};

/**
 * Operations the app journals today, each named like the bridge method that makes it
 * (`v3.paidAndBilled`); a refund is journaled per endpoint (`orders.refundTotal`,
 * `orders.refundPartial`). Later versions may add more. The one place a journaled operation is
 * listed: the main process, the renderer and the store close read its traits from here
 * (docs/how-to/add-a-bridge-method.md).
 */
export const OPERATIONS = {
  'v3.verify': { kind: 'verify', read: true, closable: true },
  'v3.paidAndBilled': { kind: 'billing', read: false, closable: false },
  'v3.undoBilling': { kind: 'undo', read: false, closable: true },
  'v2.info': { kind: 'info', read: true, closable: true },
  'v2.paidAndBilled': { kind: 'billing', read: false, closable: false },
  'v2.undoBilling': { kind: 'undo', read: false, closable: true },
  'v2.daySummary': { kind: 'summary', read: true, closable: true },
  'orders.create': { kind: 'order', read: false, closable: false },
  'orders.confirm': { kind: 'order', read: false, closable: false },
  'orders.cancel': { kind: 'order', read: false, closable: false },
  'orders.refundTotal': { kind: 'refund', read: false, closable: false },
  'orders.refundPartial': { kind: 'refund', read: false, closable: false },
  'vouchers.register': { kind: 'other', read: false, closable: false },
  'training.reset': { kind: 'other', read: false, closable: false },
} as const satisfies Record<string, OperationTraits>;

export type KnownOperation = keyof typeof OPERATIONS;
export const KNOWN_OPERATIONS = Object.keys(OPERATIONS) as KnownOperation[];

export function isKnownOperation(name: string): name is KnownOperation {
  return Object.hasOwn(OPERATIONS, name);
}

/** The traits of an operation by name; an unknown one (a later version's) is neither. */
export function traitsOf(name: string): OperationTraits {
  return isKnownOperation(name)
    ? OPERATIONS[name]
    : { kind: 'other', read: false, closable: false };
}

/**
 * The names journals wrote before the operations were named like their bridge methods. A
 * journal is kept for years at the counter and its lines are never rewritten, so old lines keep
 * these; every entry read is given the current name (OperationName below), and nothing writes
 * them any more (docs/decisions.md "Journal durability").
 */
export const LEGACY_OPERATION_NAMES: Readonly<Record<string, string>> = {
  'v3.paid-and-billed': 'v3.paidAndBilled',
  'v3.undo-billing': 'v3.undoBilling',
  'v2.paid-and-billed': 'v2.paidAndBilled',
  'v2.undo-billing': 'v2.undoBilling',
  'v2.day-summary': 'v2.daySummary',
  'orders.refund-total': 'orders.refundTotal',
  'orders.refund-partial': 'orders.refundPartial',
  'integration.sale-request': 'integration.saleRequest',
};

/** The current name of an operation, for a name read from a journal of any version. */
export function currentOperationName(name: string): string {
  return Object.hasOwn(LEGACY_OPERATION_NAMES, name)
    ? (LEGACY_OPERATION_NAMES[name] ?? name)
    : name;
}

/**
 * `area.action`: a known operation or one a newer version added, read under its current name
 * (an old journal's `v3.paid-and-billed` is `v3.paidAndBilled`).
 */
export const OperationName = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:[.-][a-zA-Z0-9]+)*$/, { message: 'an operation name like v3.verify' })
  .transform(currentOperationName);
export type OperationName = z.infer<typeof OperationName>;

export const OperationMode = z.enum(['live', 'training']);
export type OperationMode = z.infer<typeof OperationMode>;

export const JournalIdentity = z.object({
  kind: z.enum(['dni', 'ruc']),
  value: z.string().min(1).max(32),
});
export type JournalIdentity = z.infer<typeof JournalIdentity>;

const Json = z.json();

/**
 * Context that is not part of the request body. `unique_token` is the refund's X-Unique-Token:
 * an idempotency key, not a credential, kept so a refund can be replayed with the same key.
 */
export const IntentMeta = z
  .object({
    supervisor_id: z.string().max(64).optional(),
    supervisor_reason: z.string().max(500).optional(),
    unique_token: z.string().max(200).optional(),
  })
  .catchall(Json);
export type IntentMeta = z.infer<typeof IntentMeta>;

const entryBase = {
  /** Strictly increasing in file order; a gap or repeat means lines were lost or edited. */
  seq: z.int().positive(),
  /** Groups the entries of one operation. */
  op_id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
};

/** Written and synced before the call: the cashier's operation as it is about to be sent. */
export const IntentEntry = z.object({
  ...entryBase,
  type: z.literal('intent'),
  operation: OperationName,
  mode: OperationMode,
  cashier_id: z.string().min(1).max(64),
  identity: JournalIdentity.optional(),
  funding_code: z.string().max(32).optional(),
  order_id: z.string().max(128).optional(),
  billed_cents: Cents.optional(),
  to_collect_cents: Cents.optional(),
  refund_cents: Cents.optional(),
  /** The JSON body (or query) sent. Never headers, so never the token. */
  request: Json,
  meta: IntentMeta.optional(),
});
export type IntentEntry = z.infer<typeof IntentEntry>;

/**
 * - `succeeded`: the service answered yes;
 * - `refused`: the service answered no, with its exact message;
 * - `unknown`: no definite answer (timeout, lost connection, 5xx): the call may have had effect.
 */
export const OutcomeStatus = z.enum(['succeeded', 'refused', 'unknown']);
export type OutcomeStatus = z.infer<typeof OutcomeStatus>;

/** The service's exact `error` text, or its field-keyed format errors. */
export const ServiceMessage = z.union([z.string(), z.record(z.string(), z.string())]);
export type ServiceMessage = z.infer<typeof ServiceMessage>;

export const OutcomeEntry = z.object({
  ...entryBase,
  type: z.literal('outcome'),
  status: OutcomeStatus,
  http_status: z.int().min(100).max(599).optional(),
  service_message: ServiceMessage.optional(),
  result: Json.optional(),
  error_category: z.string().max(64).optional(),
});
export type OutcomeEntry = z.infer<typeof OutcomeEntry>;

/** A retry of an operation whose answer was unknown, written before the call is made again. */
export const AttemptEntry = z.object({
  ...entryBase,
  type: z.literal('attempt'),
  /** Which call this is for the operation: the original call is 1, the first retry 2. */
  attempt: z.int().min(2),
  /** How long the retry waited before this call. */
  delay_ms: z.int().nonnegative(),
});
export type AttemptEntry = z.infer<typeof AttemptEntry>;

/** Free text about an operation, e.g. what a supervisor checked; it never changes its status. */
export const NoteEntry = z.object({
  ...entryBase,
  type: z.literal('note'),
  text: z.string().max(2000),
  data: Json.optional(),
});
export type NoteEntry = z.infer<typeof NoteEntry>;

export const JournalEntry = z.discriminatedUnion('type', [
  IntentEntry,
  OutcomeEntry,
  AttemptEntry,
  NoteEntry,
]);
export type JournalEntry = z.infer<typeof JournalEntry>;

/**
 * An operation folded from its entries. `pending` (intent, no outcome: the call may or may not
 * have left) and `unknown` stay open until a definite answer; the first definite outcome is final.
 */
export const OperationStatus = z.enum(['pending', 'succeeded', 'refused', 'unknown']);
export type OperationStatus = z.infer<typeof OperationStatus>;

export const JournalOperation = z.object({
  op_id: z.uuid(),
  operation: OperationName,
  mode: OperationMode,
  status: OperationStatus,
  /** The intent's time. */
  started_at: z.iso.datetime({ offset: true }),
  /** The time of the last entry of the operation. */
  updated_at: z.iso.datetime({ offset: true }),
  /** Calls made or begun: the original one plus each journaled retry. */
  calls: z.int().positive(),
  intent: IntentEntry,
  /** The deciding outcome: the first definite one, else the latest unknown one, else null. */
  outcome: OutcomeEntry.nullable(),
  /** It went without a definite answer for a while: its final answer must be announced. */
  was_unknown: z.boolean().optional(),
  /** The cashier acknowledged that announcement (a note in the journal). */
  acknowledged: z.boolean().optional(),
  /** A supervisor closed it without an answer, with a note (an unknown Verify, Info or undo). */
  closed: z.boolean().optional(),
  /**
   * A Verify/Info asked while another counter was silent: the cashier's latest answer to "did
   * the customer already pay at another counter?" (a note in the journal).
   */
  asked_elsewhere: z.enum(['no', 'yes']).optional(),
  /** For a paid-and-billed: the document to issue once it is billed (a RUC's factura, a DNI's boleta). */
  invoice: z.enum(['boleta', 'factura']).optional(),
});
export type JournalOperation = z.infer<typeof JournalOperation>;
