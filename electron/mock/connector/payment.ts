// A connector payment: a view over the order that backs it (order_id = paymentId), plus the
// answers it must replay (create by paymentId, operations by requestId).
import type { MockReply } from '../reply';
import { areaState, type MockState } from '../state';

export type PaymentOperation = 'cancel' | 'settle' | 'refund';

export type PaymentRecord = {
  paymentId: string;
  createReply: MockReply;
  callbackUrl?: string;
  /** 200 answers by `<operation>:<requestId>`, returned unchanged to a repeat. */
  replies: Map<string, MockReply>;
  /** Settlement ids handed out, which a refund must name. */
  settleIds: Set<string>;
};

export type PaymentStore = Map<string, PaymentRecord>;

export const paymentStore = (state: MockState): PaymentStore =>
  areaState(state, 'connector', (): PaymentStore => new Map());
