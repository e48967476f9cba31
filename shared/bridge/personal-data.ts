// A customer's erasure on request at a counter (docs/personal-data.md "Erasure on request"): a
// supervisor (PIN, their name) looks up what this counter and the store hold of a customer, then
// erases it: this counter's journal now, the store database (each other counter as its next
// replication learns it), and is told what the software cannot reach. Nothing here returns the
// DNI back: only counts and the mask the customer is shown by afterwards.
import { z } from 'zod';
import { isValidDni, isValidRuc } from '../domain/identity';
import { SupervisorPin } from './settings';

/** A DNI (8 digits) or a RUC (11 digits, its check digit right), as the customer gives it. */
export const CustomerIdentity = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('dni'), value: z.string().trim().refine(isValidDni) }),
  z.strictObject({ kind: z.literal('ruc'), value: z.string().trim().refine(isValidRuc) }),
]);
export type CustomerIdentity = z.infer<typeof CustomerIdentity>;

const Count = z.int().nonnegative();

/** What the store database holds of the customer, per counter, and its closes that hold them whole. */
export const CustomerInStore = z.object({
  counters: z.array(
    z.object({
      terminal_id: z.string().max(64),
      terminal_name: z.string().max(32).nullable(),
      operations: Count,
      masked: Count,
      /** Without a definite answer there: the erasure waits for it. */
      open: Count,
    }),
  ),
  closes: Count,
});
export type CustomerInStore = z.infer<typeof CustomerInStore>;

/** What an erasure masked in the store database, and how many counters it told. */
export const ErasureResult = z.object({
  erasure: z.string().max(20),
  operations: Count,
  lines: Count,
  closes: Count,
  counters: Count,
});
export type ErasureResult = z.infer<typeof ErasureResult>;

/** The store database's part of an answer: its word, or why there is none. */
const StorePart = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('state', [
    /** No store database at this counter: a one-counter store. */
    z.object({ state: z.literal('off') }),
    z.object({ state: z.literal('answered'), value }),
    /** It did not answer (its category), or refused while an operation of the customer is open. */
    z.object({
      state: z.literal('not-answered'),
      reason: z.enum(['unreachable', 'open-operations', 'refused']),
    }),
  ]);

/** This counter's journal: operations of the customer, by what may be masked now. */
export const CustomerAtCounter = z.object({
  /** Final, nothing held: masked by an erasure. */
  maskable: Count,
  /** Without a definite answer, money held for them, or an answer still to tell the cashier. */
  waiting: Count,
  /** Masked already (past the retention, or erased before). */
  masked: Count,
});
export type CustomerAtCounter = z.infer<typeof CustomerAtCounter>;

export const CustomerLookup = z.object({
  /** How the customer shows from now on: `*****678`. */
  mask: z.string().max(32),
  counter: CustomerAtCounter,
  store: StorePart(CustomerInStore),
});
export type CustomerLookup = z.infer<typeof CustomerLookup>;

/** What the software cannot reach: said after every erasure, for the supervisor to act on. */
export const NOT_REACHED = ['paper', 'exports', 'service', 'backups'] as const;

export const CustomerErasure = z.object({
  mask: z.string().max(32),
  /** This counter's journal: masked now, and what waits (it is masked once it may be). */
  counter: z.object({ masked: Count, waiting: Count }),
  store: StorePart(ErasureResult),
  not_reached: z.array(z.enum(NOT_REACHED)),
});
export type CustomerErasure = z.infer<typeof CustomerErasure>;

const Supervisor = z.string().trim().min(2).max(64);

export const personalDataMethods = {
  /**
   * What this counter's journal and the store database hold of one customer (PIN; recorded in
   * the store database as the supervisor's look-up, without the DNI).
   */
  'customer.find': {
    args: z.strictObject({
      pin: SupervisorPin,
      supervisor: Supervisor,
      identity: CustomerIdentity,
    }),
    result: CustomerLookup,
  },
  /**
   * Erases one customer (PIN): this counter's journal now (what may be masked), the store
   * database's lines and closes of this store, every other counter as its replication learns it.
   */
  'customer.erase': {
    args: z.strictObject({
      pin: SupervisorPin,
      supervisor: Supervisor,
      identity: CustomerIdentity,
    }),
    result: CustomerErasure,
  },
} as const;
