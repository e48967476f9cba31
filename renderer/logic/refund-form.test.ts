import { describe, expect, it } from 'vitest';
import { checkRefundForm, orderIdState, typedOrderId } from './refund-form';

describe('checkRefundForm', () => {
  it('needs an order id and a reason for a total refund, no amount', () => {
    expect(
      checkRefundForm({ orderId: 'MOS-1', kind: 'total', amount: '', reason: 'ab' }).request,
    ).toBeNull();
    expect(
      checkRefundForm({ orderId: ' MOS-1 ', kind: 'total', amount: 'x', reason: ' Devuelto ' })
        .request,
    ).toEqual({ order_id: 'MOS-1', kind: 'total', reason: 'Devuelto' });
  });
  it('needs a positive amount of at most 2 decimals for a partial refund', () => {
    const base = { orderId: 'MOS-1', kind: 'partial' as const, reason: 'Devuelto' };
    expect(checkRefundForm({ ...base, amount: '' }).request).toBeNull();
    expect(checkRefundForm({ ...base, amount: '1.005' }).amount.status).toBe('error');
    expect(checkRefundForm({ ...base, amount: '1,000.50' }).request).toEqual({
      ...{ order_id: 'MOS-1', reason: 'Devuelto' },
      kind: 'partial',
      amount_cents: 100_050,
    });
  });
  it("keeps to the contract's order id characters", () => {
    expect(orderIdState('MOS-20260310-001').status).toBe('valid');
    expect(orderIdState('MOS 1').status).toBe('error');
    expect(orderIdState('').status).toBe('empty');
  });
});

describe('typedOrderId', () => {
  it("upper-cases Mostrador's own order numbers and keeps any other as typed", () => {
    expect(typedOrderId('mos-caja0026-20261126-3')).toBe('MOS-CAJA0026-20261126-3');
    expect(typedOrderId(' Mos-x')).toBe(' MOS-X');
    expect(typedOrderId('web-00017')).toBe('web-00017');
    expect(typedOrderId('mos')).toBe('mos');
  });
});
