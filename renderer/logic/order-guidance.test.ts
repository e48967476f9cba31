import { describe, expect, it } from 'vitest';
import { orderBridgeGuidance, orderGuidance } from './order-guidance';

const refused = (message: string) =>
  ({ category: 'state-conflict', httpStatus: 400, message }) as const;

describe('orderGuidance', () => {
  it.each([
    ['Cannot confirm an order before it is approved', 'orders.guide.confirmBeforeApproved.title'],
    ['Cannot confirm a funded order', 'orders.guide.confirmFunded.title'],
    ['Cannot cancel a confirmed order', 'orders.guide.cancelConfirmed.title'],
    ['Order does not exist', 'orders.guide.notFound.title'],
    ['Amount must be less than the approved amount', 'orders.guide.refundTooLarge.title'],
  ] as const)('explains "%s" and keeps the exact words', (message, title) => {
    const guidance = orderGuidance('confirm', refused(message), 'refused');
    expect(guidance).toMatchObject({ tone: 'error', title });
    expect(guidance.details).toContain(message);
  });

  it('gives a message named like an object property the generic refusal, not a crash', () => {
    for (const message of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const guidance = orderGuidance('confirm', refused(message), 'refused');
      expect(guidance).toMatchObject({ tone: 'error', title: 'guide.refused.title' });
      expect(guidance.steps).toBe('guide.refused.steps');
    }
  });

  it('makes an unknown refund amber, retried as the same refund', () => {
    const guidance = orderGuidance('refund', { category: 'timeout' }, 'unknown', true);
    expect(guidance).toMatchObject({
      tone: 'unknown',
      title: 'orders.guide.refundUnknown.title',
      steps: 'orders.guide.refundUnknown.retrying',
      actions: ['retry'],
    });
  });

  it('sends an unknown confirm or cancel to a look-up, not a repeat', () => {
    expect(orderGuidance('cancel', { category: 'network' }, 'unknown')).toMatchObject({
      tone: 'unknown',
      actions: ['check-again'],
    });
  });

  it('keeps a lost refund amber', () => {
    const guidance = orderBridgeGuidance('refund', { code: 'internal', message: 'x' }, true);
    expect(guidance).toMatchObject({ tone: 'unknown', steps: 'orders.guide.refundLost.steps' });
  });

  it('treats a failed read as a refusal to ask again, never as unknown', () => {
    expect(orderGuidance('get', { category: 'server', httpStatus: 503 }, 'failed').tone).toBe(
      'error',
    );
  });
});
