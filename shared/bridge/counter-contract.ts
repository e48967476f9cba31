// The bridge's methods but the store close's (contract.ts adds those): what the renderer's first
// chunk checks its calls against. The store close's schemas load with its screen
// (renderer/stores/store-close-store.ts registers them), as its code does (issue "A counter
// that has gone silent", item 20).
import { z } from 'zod';
import { IsoDate } from '../api/common';
import { FundingCode } from '../api/in-store';
import { Scenario } from '../api/trainer';
import { RequestId } from '../integration/sale-request';
import { JournalOperation } from '../journal-entry';
import { heldMoneyMethods } from './held-money';
import { integrationMethods } from './integration';
import {
  BilledResult,
  DaySummaryResult,
  IdentityInput,
  InfoResult,
  UndoResult,
  VerifyResult,
} from './operations';
import { orderMethods } from './orders';
import { personalDataMethods } from './personal-data';
import { receiptMethods } from './receipt-methods';
import {
  CashierCode,
  ConnectionCheck,
  Language,
  Settings,
  SettingsChange,
  SupervisorPin,
  TokenStatus,
} from './settings';
import { storeDbMethods } from './store-db';

const Empty = z.strictObject({});
/** An amount the cashier types (billed): at least a cent, at most S/ 999,999,999.99. */
const TypedCents = z.int().positive().max(99_999_999_99);
/** Funding codes arrive normalized (upper case, no spaces) from the form; the check is exact. */
const Code = FundingCode;
const Reason = z.string().trim().min(3).max(300);
/** An undo, v3 or v2: the sale, the supervisor's PIN and why. */
const UndoArgs = z.strictObject({
  identity: IdentityInput,
  funding_code: Code,
  pin: SupervisorPin,
  reason: Reason,
});

export const PrintLayout = z.enum(['a4', 'receipt80']);
export type PrintLayout = z.infer<typeof PrintLayout>;

export const PrintDocument = z.enum(['day-summary', 'sale-receipt', 'undo-record']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Where the app runs: the Electron shell or browser mode. */
  shell: z.enum(['electron', 'browser']),
  data_dir: z.string(),
  log_file: z.string(),
  journal_file: z.string(),
  electron: z.string().nullable(),
  chrome: z.string().nullable(),
  node: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const counterBridgeMethods = {
  'app.info': { args: Empty, result: AppInfo },

  'settings.get': { args: Empty, result: Settings },
  'settings.update': {
    args: z.strictObject({ pin: SupervisorPin, change: SettingsChange }),
    result: Settings,
  },
  /**
   * The interface language, from the first screens on (before any PIN exists) and at every shift
   * start: it changes nothing but the words shown, so it needs no PIN (docs/decisions.md).
   */
  'settings.setLanguage': { args: z.strictObject({ language: Language }), result: Settings },
  /** The cashier's own choice at shift start: no PIN. */
  'shift.start': { args: z.strictObject({ cashier_id: CashierCode }), result: Settings },
  'shift.end': { args: Empty, result: Settings },
  /** First run sets the PIN with no current one; afterwards the current PIN is required. */
  'supervisor.setPin': {
    args: z.strictObject({ current: SupervisorPin.optional(), pin: SupervisorPin }),
    result: z.object({ supervisor_pin_set: z.literal(true) }),
  },
  'supervisor.checkPin': {
    args: z.strictObject({ pin: SupervisorPin }),
    result: z.object({ valid: z.literal(true) }),
  },

  /**
   * Calls the funding limits endpoint at `base_url` (typed, maybe not saved yet) with the stored
   * token, and says whether they work. PIN-checked: it sends the token to that address.
   */
  'settings.testConnection': {
    args: z.strictObject({ pin: SupervisorPin, base_url: z.string().trim().min(1).max(500) }),
    result: ConnectionCheck,
  },

  'token.status': { args: Empty, result: TokenStatus },
  'token.set': {
    args: z.strictObject({
      pin: SupervisorPin,
      token: z.string().trim().min(8).max(4096),
      /** The supervisor's explicit choice when the OS offers no real encryption. */
      allow_weak_encryption: z.boolean().optional(),
    }),
    result: TokenStatus,
  },
  'token.clear': { args: z.strictObject({ pin: SupervisorPin }), result: TokenStatus },

  'v3.verify': {
    args: z.strictObject({
      identity: IdentityInput,
      funding_code: Code,
      billed_cents: TypedCents,
      /** A sale from the till: the Verify must match its amount (and customer, when named). */
      sale_request_id: RequestId.optional(),
    }),
    result: VerifyResult,
    example: {
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'VENTA1',
      billed_cents: 120_000,
    },
  },
  /** After collecting: `verify_op_id` ties it to the Verify whose amount the cashier collected. */
  'v3.paidAndBilled': {
    args: z.strictObject({ verify_op_id: z.uuid() }),
    result: BilledResult,
  },
  'v3.undoBilling': {
    args: UndoArgs,
    result: UndoResult,
  },
  'v2.info': {
    args: z.strictObject({ identity: IdentityInput, funding_code: Code }),
    result: InfoResult,
    example: { identity: { kind: 'dni', value: '41000001' }, funding_code: 'VENTA1' },
  },
  'v2.paidAndBilled': {
    args: z.strictObject({ info_op_id: z.uuid() }),
    result: BilledResult,
  },
  'v2.undoBilling': {
    args: UndoArgs,
    result: UndoResult,
  },
  'v2.daySummary': {
    args: z.strictObject({ day: IsoDate, detail: z.boolean() }),
    result: DaySummaryResult,
    example: { day: '2026-03-10', detail: true },
  },

  ...orderMethods,
  ...integrationMethods,
  ...heldMoneyMethods,
  ...receiptMethods,
  ...storeDbMethods,
  ...personalDataMethods,

  'journal.operations': {
    args: z.strictObject({ day: IsoDate.optional() }),
    result: z.object({ day: z.string(), operations: z.array(JournalOperation) }),
  },
  'journal.unresolved': {
    args: Empty,
    result: z.object({ operations: z.array(JournalOperation) }),
  },
  'journal.operation': { args: z.strictObject({ op_id: z.uuid() }), result: JournalOperation },
  /**
   * Whether the journal can be written now (asking retries a failed one: space may be back), and
   * whether it was found shorter at open than this terminal last wrote (operations are missing).
   */
  'journal.health': {
    args: Empty,
    result: z.object({
      writable: z.boolean(),
      shortened: z
        .object({ expected_seq: z.int().nonnegative(), found_seq: z.int().nonnegative() })
        .nullable(),
    }),
  },
  /**
   * The paid-and-billed that continues a Verify (v3) or Info (v2), for when the bridge lost its
   * answer and the renderer never learnt its op_id: the latest one not refused, else the latest.
   */
  'journal.continuation': {
    args: z.strictObject({
      source_op_id: z.uuid(),
      operation: z.enum(['v3.paidAndBilled', 'v2.paidAndBilled']),
    }),
    result: z.object({ operation: JournalOperation.nullable() }),
  },

  /** Final answers that came after an unknown one, not yet acknowledged: announced on every screen. */
  'journal.announcements': {
    args: Empty,
    result: z.object({ operations: z.array(JournalOperation) }),
  },
  /** The cashier saw the announcement of `op_id`'s final answer (a note in the journal). */
  'journal.acknowledge': {
    args: z.strictObject({ op_id: z.uuid() }),
    result: z.object({ acknowledged: z.literal(true) }),
  },
  /**
   * A supervisor closes an unknown Verify, Info or undo without an answer, with a note: it moved
   * no money, or the supervisor checked it. Never a paid-and-billed or a refund.
   */
  'journal.close': {
    args: z.strictObject({
      op_id: z.uuid(),
      pin: SupervisorPin,
      note: z.string().trim().min(3).max(500),
    }),
    result: z.object({ closed: z.literal(true) }),
  },

  'training.scenarios': { args: Empty, result: z.object({ scenarios: z.array(Scenario) }) },
  'training.applyScenario': {
    args: z.strictObject({ name: z.string().min(1).max(64) }),
    result: Scenario,
  },
  'training.acceptSchedule': {
    args: z.strictObject({ funding_code: Code }),
    result: z.object({ accepted: z.literal(true) }),
  },
  'training.reset': { args: Empty, result: z.object({ reset: z.literal(true) }) },
  /**
   * Training only: the next `times` calls of an operation meet a fault between the app and the
   * mock, so a class (and the e2e tests) can see the amber "unknown outcome" path.
   * `lose-response`: the mock applies the call but the answer is lost. `gateway-error`: a
   * gateway answers 200 `{ error }` and the mock never gets the call.
   */
  'training.injectFault': {
    args: z.strictObject({
      operation: z.enum([
        'v3.verify',
        'v3.paidAndBilled',
        'v3.undoBilling',
        'v2.info',
        'v2.paidAndBilled',
        'v2.undoBilling',
        'orders.create',
        'orders.confirm',
        'orders.cancel',
        /** Total and partial refunds alike. */
        'orders.refund',
      ]),
      fault: z.enum([
        'lose-response',
        'timeout',
        'server-error',
        'connection-reset',
        'gateway-error',
      ]),
      times: z.int().min(1).max(20),
      /** Every call meets the fault until training.releaseFaults: the trainer holds the amber. */
      hold: z.boolean().optional(),
    }),
    result: z.object({ armed: z.literal(true) }),
  },
  'training.releaseFaults': { args: Empty, result: z.object({ released: z.literal(true) }) },

  /**
   * Prints the renderer's print view of a document. In the Electron shell the main process
   * prints it (or saves a PDF); in browser mode the answer is `browser-print` and the page
   * prints itself with window.print().
   */
  'print.document': {
    args: z.strictObject({
      document: PrintDocument,
      layout: PrintLayout,
      target: z.enum(['printer', 'pdf']),
      /** The print view route with its parameters, e.g. `#/print/day-summary?day=2026-03-10`. */
      route: z.string().regex(/^#\/print\/[a-z-]+(\?[A-Za-z0-9=&%._-]*)?$/),
    }),
    result: z.discriminatedUnion('handled', [
      z.object({ handled: z.literal(true), pdf_path: z.string().nullable() }),
      z.object({ handled: z.literal(false), reason: z.literal('browser-print') }),
    ]),
  },
} as const;
