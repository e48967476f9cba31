// Order, cancel, confirm and refund failures as what the cashier does next. The service's exact
// messages (shared/api/messages.ts) are matched letter for letter and
// kept for "details". A refund whose answer is unknown may have paid the customer back: it is
// amber, says not to refund again, and offers only a retry of the same refund (same token).
import { ORDERS, orderValidation } from '../../shared/api/messages';
import type { BridgeError } from '../../shared/bridge';
import type { ServiceError } from '../../shared/service-error';
import type { MessageKey } from '../i18n/catalogue';
import {
  exactEntry,
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
  serviceDetails,
} from './error-guidance';
import type { ReadGuides } from './read-answer';

export type OrderOperation = 'create' | 'get' | 'confirm' | 'cancel' | 'refund' | 'training';

const NOT_FOUND = {
  title: 'orders.guide.notFound.title',
  steps: 'orders.guide.notFound.steps',
} as const;

type Entry = { title: MessageKey; steps: MessageKey };

/**
 * Keyed by the service's messages (shared/api/messages.ts): guidance for a message that is not
 * there does not compile. A message whose advice is its category's (a 404 is "that order does not
 * exist") needs no entry.
 */
const EXACT = {
  [ORDERS.orderNotFound]: NOT_FOUND,
  [ORDERS.confirmBeforeApproved]: {
    title: 'orders.guide.confirmBeforeApproved.title',
    steps: 'orders.guide.confirmBeforeApproved.steps',
  },
  [ORDERS.confirmFunded]: {
    title: 'orders.guide.confirmFunded.title',
    steps: 'orders.guide.confirmFunded.steps',
  },
  [ORDERS.cannotCancelConfirmed]: {
    title: 'orders.guide.cancelConfirmed.title',
    steps: 'orders.guide.cancelConfirmed.steps',
  },
  [ORDERS.alreadyCanceled]: {
    title: 'orders.guide.alreadyCanceled.title',
    steps: 'orders.guide.alreadyCanceled.steps',
  },
  [ORDERS.disbursementFailed]: {
    title: 'orders.guide.disbursement.title',
    steps: 'orders.guide.disbursement.steps',
  },
  [ORDERS.partialDisbursementFailed]: {
    title: 'orders.guide.disbursement.title',
    steps: 'orders.guide.disbursement.steps',
  },
  [ORDERS.amountNotPositive]: {
    title: 'orders.guide.refundPositive.title',
    steps: 'orders.guide.refundPositive.steps',
  },
  [ORDERS.amountTooLarge]: {
    title: 'orders.guide.refundTooLarge.title',
    steps: 'orders.guide.refundTooLarge.steps',
  },
  [ORDERS.clientNotRegistered]: {
    title: 'orders.guide.clientNotRegistered.title',
    steps: 'orders.guide.clientNotRegistered.steps',
  },
  [ORDERS.cannotModify]: {
    title: 'orders.guide.cannotModify.title',
    steps: 'orders.guide.cannotModify.steps',
  },
} satisfies Partial<Record<(typeof ORDERS)[keyof typeof ORDERS], Entry>>;

/** `Validation error, field <name> …`: what every create validation message starts with. */
const VALIDATION_PREFIX = orderValidation
  .required('')
  .replace(/ required$/, '')
  .trimEnd();

const indefinite = (error: ServiceError) =>
  error.category === 'network' || error.category === 'timeout' || error.category === 'server';

function unknownFor(op: OrderOperation, details: string | null, retrying: boolean): Guidance {
  const base = { tone: 'unknown' as const, fields: {}, details, doNotCollect: false };
  if (op === 'refund') {
    return {
      ...base,
      title: 'orders.guide.refundUnknown.title',
      steps: retrying
        ? 'orders.guide.refundUnknown.retrying'
        : 'orders.guide.refundUnknown.stopped',
      actions: ['retry'],
    };
  }
  if (op === 'get' || op === 'training') {
    return {
      ...base,
      title: 'guide.unknown.query.title',
      steps: 'guide.unknown.other.steps',
      actions: ['retry'],
    };
  }
  // Create, confirm and cancel are made once (orders-handlers.ts): look the order up before
  // trying again, a repeat could be refused for what the first call already did.
  return {
    ...base,
    title: 'orders.guide.unknown.title',
    steps: 'orders.guide.unknown.steps',
    actions: ['check-again'],
  };
}

/** A refusal or an unknown outcome answered by the service. */
export function orderGuidance(
  op: OrderOperation,
  error: ServiceError,
  status: 'refused' | 'unknown' | 'failed',
  retrying = false,
): Guidance {
  const details = serviceDetails(error);
  if (status === 'unknown' || (status !== 'failed' && indefinite(error))) {
    return unknownFor(op, details, status === 'unknown' && retrying);
  }
  const exact: Entry | undefined = exactEntry(EXACT, error.message);
  if (exact)
    return { tone: 'error', ...exact, actions: [], fields: {}, details, doNotCollect: false };
  if (error.message?.startsWith(VALIDATION_PREFIX)) {
    return {
      tone: 'error',
      title: 'guide.format.title',
      steps: 'guide.format.steps',
      actions: [],
      fields: {},
      details,
      doNotCollect: false,
    };
  }
  if (error.category === 'not-found') {
    return {
      tone: 'error',
      ...NOT_FOUND,
      actions: [],
      fields: {},
      details,
      doNotCollect: false,
    };
  }
  // A read that failed changed nothing: it may simply be asked again.
  const generic = guidanceForServiceError('other', error, 'refused');
  return status === 'failed' && indefinite(error)
    ? {
        ...generic,
        tone: 'error',
        title: 'guide.unknown.query.title',
        steps: 'guide.unknown.other.steps',
        actions: ['retry'],
      }
    : generic;
}

/**
 * The bridge itself failed. A lost answer to a refund may still have paid the customer back: it
 * stays amber and points at the journal's pending operations, never at a new refund.
 */
export function orderBridgeGuidance(
  op: OrderOperation,
  error: BridgeError,
  lost = false,
): Guidance {
  const guidance = guidanceForBridgeError('other', error, lost);
  if (lost && op === 'refund') {
    return {
      ...guidance,
      tone: 'unknown',
      title: 'orders.guide.refundUnknown.title',
      steps: 'orders.guide.refundLost.steps',
      actions: [],
    };
  }
  return guidance;
}

/** The guides of an order read (`readAnswer`, read-answer.ts): the orders' words for its failures. */
export const orderReadGuides = (op: 'get' | 'training'): ReadGuides => ({
  service: (error) => orderGuidance(op, error, 'failed'),
  bridge: (error) => orderBridgeGuidance(op, error),
});
