import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../shared/api/orders';
import { cancelBlock, confirmBlock, ORDER_STATUS_VIEW, trainerMoves } from './order-status';

describe('order status', () => {
  it('has words and an icon for every status', () => {
    for (const status of OrderStatus.options) {
      expect(ORDER_STATUS_VIEW[status].icon).not.toBe('');
      expect(ORDER_STATUS_VIEW[status].label).toBe(`orders.status.${status}`);
    }
  });
  it('confirms only approved or validated, unconfirmed orders', () => {
    expect(confirmBlock({ status: 'approved', confirmed: false })).toBeNull();
    expect(confirmBlock({ status: 'validated', confirmed: false })).toBeNull();
    expect(confirmBlock({ status: 'created', confirmed: false })).toBe(
      'orders.block.confirmNotApproved',
    );
    expect(confirmBlock({ status: 'funded', confirmed: false })).toBe('orders.block.confirmFunded');
    expect(confirmBlock({ status: 'approved', confirmed: true })).toBe(
      'orders.block.alreadyConfirmed',
    );
  });
  it('cancels anything not confirmed and not canceled', () => {
    expect(cancelBlock({ status: 'approved', confirmed: false })).toBeNull();
    expect(cancelBlock({ status: 'funded', confirmed: true })).toBe('orders.block.cancelConfirmed');
    expect(cancelBlock({ status: 'canceled', confirmed: false })).toBe(
      'orders.block.alreadyCanceled',
    );
  });
  it("offers the trainer the application's next steps only", () => {
    expect(trainerMoves('created')).toEqual(['approved', 'onhold', 'rejected']);
    expect(trainerMoves('approved')).toEqual(['validated']);
    expect(trainerMoves('funded')).toEqual([]);
    expect(trainerMoves('canceled')).toEqual([]);
  });
});
