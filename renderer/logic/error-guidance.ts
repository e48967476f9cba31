// Every way an operation can fail, turned into what the cashier does next. The service's exact
// message is matched letter for letter (shared/api/messages.ts) and is always kept for the
// "details" view; categories decide only where no message is known. Unknown outcomes are amber:
// the call may have taken effect, so a paid-and-billed must never be collected twice.
import { IN_STORE, undoRefusal } from '../../shared/api/messages';
import type { BridgeError } from '../../shared/bridge';
import type { ServiceError } from '../../shared/service-error';
import type { MessageKey } from '../i18n/catalogue';

export type OperationKind =
  | 'verify'
  | 'paid'
  | 'undo'
  | 'info'
  | 'v2-paid'
  | 'day-summary'
  | 'other';

/** Follow-ups a screen can offer as buttons next to the guidance. */
export type GuidanceAction =
  | 're-verify'
  | 'retry-paid'
  | 'accept-schedule'
  | 'retry'
  | 'check-again'
  | 'open-check'
  | 'open-settings';

export type FormField = 'identity' | 'code' | 'amount' | 'day' | 'pin';

export type Guidance = {
  /** `error`: refused, red; `unknown`: amber, may have happened; `info`: nothing went wrong. */
  tone: 'error' | 'unknown' | 'info';
  title: MessageKey;
  steps: MessageKey;
  actions: GuidanceAction[];
  /** Format errors shown on the fields themselves. */
  fields: Partial<Record<FormField, MessageKey>>;
  /** The service's exact words (or the bridge's), for "details". */
  details: string | null;
  /** `app`: the details are this app's own words (the service was never asked). */
  detailsFrom?: 'service' | 'app';
  /** True while the money may already be taken: the screen says "do not collect again". */
  doNotCollect: boolean;
  /** Values the steps' text names (e.g. the time a PIN lockout still lasts). */
  params?: Record<string, string | number>;
};

const FIELD_OF: Record<string, FormField> = {
  dni: 'identity',
  ruc: 'identity',
  funding_code: 'code',
  billed_amount: 'amount',
  day: 'day',
};

const FIELD_MESSAGE: Record<FormField, MessageKey> = {
  identity: 'field.identity.serviceFormat',
  code: 'field.code.serviceFormat',
  amount: 'field.amount.serviceFormat',
  day: 'field.day.serviceFormat',
  pin: 'field.pin.wrong',
};

type Entry = {
  title: MessageKey;
  steps: MessageKey;
  actions?: GuidanceAction[];
  /** The field the refusal is about: it is marked wrong and gets the focus. */
  fields?: Partial<Record<FormField, MessageKey>>;
};
type InStoreMessage = (typeof IN_STORE)[keyof typeof IN_STORE];

/**
 * Exact service messages → title and steps, keyed by the constants the mock answers with
 * (shared/api/messages.ts); guidance for a message that is not there does not compile. A message
 * whose advice is its category's default (`byCategory`: a 404 of a read is "not found, check what
 * you typed") needs no entry: only one whose advice differs has one here.
 */
const EXACT = {
  [IN_STORE.wrongToken]: {
    title: 'guide.auth.title',
    steps: 'guide.auth.steps',
    actions: ['open-settings'],
  },
  [IN_STORE.codeNotActive]: {
    title: 'guide.codeNotActive.title',
    steps: 'guide.codeNotActive.steps',
  },
  [IN_STORE.dniMismatch]: {
    title: 'guide.dniMismatch.title',
    steps: 'guide.dniMismatch.steps',
    fields: { identity: 'field.identity.mismatch' },
  },
  [IN_STORE.cashierChanged]: {
    title: 'guide.cashierChanged.title',
    steps: 'guide.cashierChanged.steps',
  },
  [IN_STORE.billedAmountLocked]: {
    title: 'guide.billedLocked.title',
    steps: 'guide.billedLocked.steps',
  },
  [IN_STORE.storeNotAllowed]: {
    title: 'guide.storeNotAllowed.title',
    steps: 'guide.storeNotAllowed.steps',
    actions: ['open-check'],
  },
  [IN_STORE.billedAmountChanged]: {
    title: 'guide.billedChanged.title',
    steps: 'guide.billedChanged.steps',
    actions: ['re-verify'],
  },
  [IN_STORE.clientNotEnabled]: {
    title: 'guide.clientNotEnabled.title',
    steps: 'guide.clientNotEnabled.steps',
  },
  [IN_STORE.scheduleNotAccepted]: {
    title: 'guide.schedule.title',
    steps: 'guide.schedule.steps',
    actions: ['retry-paid', 'accept-schedule'],
  },
  [IN_STORE.notBilledYet]: { title: 'guide.notBilled.title', steps: 'guide.notBilled.steps' },
  [IN_STORE.dniAndRuc]: { title: 'guide.dniAndRuc.title', steps: 'guide.dniAndRuc.steps' },
} satisfies Partial<Record<InStoreMessage, Entry>>;

/** Undo refusals carry the loan id after a fixed text: they match on the text before it. */
const UNDO_REFUSALS = {
  noDownpayment: {
    title: 'guide.undoNoDownpayment.title',
    steps: 'guide.undoNoDownpayment.steps',
  },
  firstNotExternal: {
    title: 'guide.undoNotExternal.title',
    steps: 'guide.undoNotExternal.steps',
  },
  notOnlyOnePayment: {
    title: 'guide.undoSeveralPayments.title',
    steps: 'guide.undoSeveralPayments.steps',
  },
} satisfies Record<keyof typeof undoRefusal, Entry>;

const PREFIXES = Object.entries(UNDO_REFUSALS).map(
  ([name, entry]) => [undoRefusal[name as keyof typeof undoRefusal](''), entry] as const,
);

/** Own keys only: a message such as `constructor` must not find Object's prototype. */
export function exactEntry<T extends object>(
  table: T,
  message: string | undefined,
): T[keyof T] | undefined {
  return message !== undefined && Object.hasOwn(table, message)
    ? table[message as keyof T]
    : undefined;
}

/** The service's words as the details line shows them: the message, or each field's message. */
export function serviceDetails(error: ServiceError): string | null {
  const parts: string[] = [];
  if (error.httpStatus !== undefined) parts.push(`HTTP ${error.httpStatus}`);
  if (error.message) parts.push(error.message);
  if (error.fieldErrors) {
    for (const [field, message] of Object.entries(error.fieldErrors))
      parts.push(`${field}: ${message}`);
  }
  if (parts.length === 0 || (parts.length === 1 && error.httpStatus !== undefined)) {
    parts.push(`(${error.category})`);
  }
  return parts.join(' — ');
}

function unknownGuidance(op: OperationKind, details: string | null, retrying: boolean): Guidance {
  const byOp: Record<
    OperationKind,
    { title: MessageKey; steps: MessageKey; actions: GuidanceAction[] }
  > = {
    paid: {
      title: 'guide.unknown.paid.title',
      steps: retrying ? 'guide.unknown.paid.retrying' : 'guide.unknown.paid.stopped',
      actions: retrying ? [] : ['check-again'],
    },
    'v2-paid': {
      title: 'guide.unknown.paid.title',
      steps: retrying ? 'guide.unknown.paid.retrying' : 'guide.unknown.paid.stopped',
      actions: retrying ? [] : ['check-again'],
    },
    verify: {
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.verify.steps',
      actions: ['retry'],
    },
    info: {
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.info.steps',
      actions: ['retry'],
    },
    undo: {
      title: 'guide.unknown.undo.title',
      steps: 'guide.unknown.undo.steps',
      actions: ['retry'],
    },
    'day-summary': {
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.summary.steps',
      actions: ['retry'],
    },
    other: {
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.other.steps',
      actions: ['retry'],
    },
  };
  const entry = byOp[op];
  return {
    tone: 'unknown',
    ...entry,
    fields: {},
    details,
    doNotCollect: op === 'paid' || op === 'v2-paid',
  };
}

/** A definite refusal or an unknown outcome of a service call, as guidance. */
export function guidanceForServiceError(
  op: OperationKind,
  error: ServiceError,
  status: 'refused' | 'unknown',
  retrying = false,
): Guidance {
  const details = serviceDetails(error);
  if (
    status === 'unknown' ||
    error.category === 'network' ||
    error.category === 'timeout' ||
    error.category === 'server'
  ) {
    return unknownGuidance(op, details, status === 'unknown' ? retrying : false);
  }
  const base = { tone: 'error' as const, fields: {}, details, doNotCollect: false };
  const exact: Entry | undefined = exactEntry(EXACT, error.message);
  if (exact)
    return {
      ...base,
      actions: exact.actions ?? [],
      fields: exact.fields ?? {},
      title: exact.title,
      steps: exact.steps,
    };
  const prefixed = PREFIXES.find(([prefix]) => error.message?.startsWith(prefix));
  if (prefixed) return { ...base, actions: [], ...prefixed[1] };

  if (error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
    const fields: Partial<Record<FormField, MessageKey>> = {};
    for (const name of Object.keys(error.fieldErrors)) {
      const field = FIELD_OF[name];
      if (field) fields[field] = FIELD_MESSAGE[field];
    }
    return {
      ...base,
      fields,
      actions: [],
      title: 'guide.format.title',
      steps: 'guide.format.steps',
    };
  }
  return { ...base, ...byCategory(op, error.category) };
}

/** The operations whose 404 is about the funding code they carry (the others are reads). */
const CARRIES_A_CODE: ReadonlySet<OperationKind> = new Set([
  'verify',
  'paid',
  'undo',
  'info',
  'v2-paid',
]);

/**
 * A refusal without guidance of its own: what its category means for this operation. A 404 is the
 * funding code's only for the calls that carry one; for a read it is what the read asked for,
 * which the cashier checks and asks for again (issue 38, item 1).
 */
function byCategory(
  op: OperationKind,
  category: ServiceError['category'],
): Pick<Guidance, 'title' | 'steps' | 'actions'> {
  switch (category) {
    case 'auth':
      return { actions: ['open-settings'], title: 'guide.auth.title', steps: 'guide.auth.steps' };
    case 'not-found':
      return CARRIES_A_CODE.has(op)
        ? { actions: [], title: 'guide.codeNotActive.title', steps: 'guide.codeNotActive.steps' }
        : { actions: [], title: 'guide.notFound.title', steps: 'guide.notFound.steps' };
    case 'bad-response':
      return {
        actions: ['retry'],
        title: 'guide.badResponse.title',
        steps: 'guide.badResponse.steps',
      };
    default:
      return { actions: [], title: 'guide.refused.title', steps: 'guide.refused.steps' };
  }
}

/**
 * A read that failed (`readOutcome`'s `failed`, shared/bridge/result.ts): it changed nothing at
 * the service, so a read that got no answer is asked again, never amber "may have happened".
 */
export function guidanceForFailedRead(error: ServiceError, op: OperationKind = 'other'): Guidance {
  if (error.category === 'network' || error.category === 'timeout' || error.category === 'server') {
    return {
      tone: 'error',
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.other.steps',
      actions: ['retry'],
      fields: {},
      details: serviceDetails(error),
      doNotCollect: false,
    };
  }
  return guidanceForServiceError(op, error, 'refused');
}

/**
 * What live mode is missing, named as the settings screen names it: never "address, token and
 * shift" when one other setting is what is missing (issue "A counter that has gone silent", item 9).
 */
const MISSING: Record<
  NonNullable<BridgeError['missing']>,
  { title: MessageKey; steps: MessageKey }
> = {
  'service-token': {
    title: 'guide.bridge.missingToken.title',
    steps: 'guide.bridge.missingToken.steps',
  },
  'service-url': { title: 'guide.bridge.missingUrl.title', steps: 'guide.bridge.missingUrl.steps' },
  shift: { title: 'guide.bridge.missingShift.title', steps: 'guide.bridge.missingShift.steps' },
  'store-client-id': {
    title: 'guide.bridge.missingClientId.title',
    steps: 'guide.bridge.missingClientId.steps',
  },
  'store-url': {
    title: 'guide.bridge.missingStoreUrl.title',
    steps: 'guide.bridge.missingStoreUrl.steps',
  },
};

const BRIDGE: Record<BridgeError['code'], { title: MessageKey; steps: MessageKey }> = {
  'unknown-method': { title: 'guide.bridge.internal.title', steps: 'guide.bridge.internal.steps' },
  'bad-arguments': {
    title: 'guide.bridge.badArguments.title',
    steps: 'guide.bridge.badArguments.steps',
  },
  forbidden: { title: 'guide.bridge.forbidden.title', steps: 'guide.bridge.forbidden.steps' },
  'pin-required': {
    title: 'guide.bridge.pinRequired.title',
    steps: 'guide.bridge.pinRequired.steps',
  },
  'wrong-pin': { title: 'guide.bridge.wrongPin.title', steps: 'guide.bridge.wrongPin.steps' },
  'pin-locked': { title: 'guide.bridge.pinLocked.title', steps: 'guide.bridge.pinLocked.steps' },
  'not-configured': {
    title: 'guide.bridge.notConfigured.title',
    steps: 'guide.bridge.notConfigured.steps',
  },
  'weak-encryption': {
    title: 'guide.bridge.weakEncryption.title',
    steps: 'guide.bridge.weakEncryption.steps',
  },
  'not-available': {
    title: 'guide.bridge.notAvailable.title',
    steps: 'guide.bridge.notAvailable.steps',
  },
  'journal-unavailable': {
    title: 'guide.bridge.journalUnavailable.title',
    steps: 'guide.bridge.journalUnavailable.steps',
  },
  'till-request-closed': {
    title: 'guide.bridge.tillClosed.title',
    steps: 'guide.bridge.tillClosed.steps',
  },
  'billing-in-doubt': {
    title: 'guide.bridge.billingInDoubt.title',
    steps: 'guide.bridge.billingInDoubt.steps',
  },
  'needs-attention': {
    title: 'guide.bridge.needsAttention.title',
    steps: 'guide.bridge.needsAttention.steps',
  },
  internal: { title: 'guide.bridge.internal.title', steps: 'guide.bridge.internal.steps' },
};

/**
 * A failure of the bridge itself. `lost` (no answer) on a money-moving call is an unknown
 * outcome: the main process may have sent it, so it is amber like any other unknown.
 */
export function guidanceForBridgeError(
  op: OperationKind,
  error: BridgeError,
  lost = false,
): Guidance {
  const issues = error.issues ? Object.entries(error.issues).map(([k, v]) => `${k}: ${v}`) : [];
  const details = [error.code, error.message, ...issues].join(' — ');
  if (lost) {
    const unknown = unknownGuidance(op, details, false);
    return op === 'paid' || op === 'v2-paid'
      ? unknown
      : { ...unknown, title: 'guide.bridge.lost.title', steps: 'guide.bridge.lost.steps' };
  }
  const entry =
    error.code === 'not-configured' && error.missing
      ? MISSING[error.missing]
      : error.code === 'needs-attention' && error.attention === 'settings-unwritable'
        ? {
            // The PIN is locked because its wrong attempts cannot be recorded (issue 19).
            title: 'guide.bridge.settingsUnwritable.title' as const,
            steps: 'guide.bridge.settingsUnwritable.steps' as const,
          }
        : BRIDGE[error.code];
  const pinRefused = error.code === 'wrong-pin' || error.code === 'pin-locked';
  const wait = error.code === 'pin-locked' ? error.retry_after_s : undefined;
  // A billing of this code still without its answer: the money may already be taken, so amber
  // and "do not collect again", like the unknown billing it is waiting for.
  const inDoubt = error.code === 'billing-in-doubt';
  return {
    tone: inDoubt ? 'unknown' : 'error',
    ...entry,
    ...(wait === undefined
      ? {}
      : { steps: 'guide.bridge.pinLocked.wait', params: { time: waitText(wait) } }),
    // A missing shift is started on the shift screen, not in Settings.
    actions: error.code === 'not-configured' && error.missing !== 'shift' ? ['open-settings'] : [],
    // A locked PIN cannot be typed again yet: the field says so, the panel how long to wait.
    fields: pinRefused
      ? { pin: error.code === 'pin-locked' ? 'field.pin.locked' : FIELD_MESSAGE.pin }
      : {},
    details,
    detailsFrom: 'app',
    doNotCollect: inDoubt,
  };
}

/** A wait as "4 min", "1 h 30 min" or "24 h" (the same abbreviations in es-PE and English). */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The unknown billing's "do not issue the boleta yet" names the sale's own document: a RUC's
 * sale is a factura (issue 18 item 7).
 */
export function forInvoice(guidance: Guidance, invoice: 'boleta' | 'factura'): Guidance {
  if (invoice !== 'factura' || guidance.steps !== 'guide.unknown.paid.retrying') return guidance;
  return { ...guidance, steps: 'guide.unknown.paid.retryingFactura' };
}
