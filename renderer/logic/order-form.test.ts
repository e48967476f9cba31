import { describe, expect, it } from 'vitest';
import { checkOrderForm, emptyOrderForm, firstOrderProblem, orderAmountState } from './order-form';

const bounds = { min: 10_000, max: 1_500_000 };

describe('orderAmountState', () => {
  it('accepts an amount within the limits, inclusive', () => {
    expect(orderAmountState('100', bounds).status).toBe('valid');
    expect(orderAmountState('15,000.00', bounds).status).toBe('valid');
  });
  it('refuses outside the limits and names the range in soles', () => {
    const state = orderAmountState('99.99', bounds);
    expect(state).toMatchObject({ status: 'error', message: 'orders.field.amount.outside' });
    expect(state.status === 'error' && state.params).toEqual({
      min: 'S/\u00a0100.00',
      max: 'S/\u00a015,000.00',
    });
    expect(orderAmountState('15,000.01', bounds).status).toBe('error');
  });
  it('keeps the format errors of any amount', () => {
    expect(orderAmountState('1.234', bounds)).toMatchObject({ message: 'field.amount.decimals' });
    expect(orderAmountState('', bounds).status).toBe('empty');
  });
  it('lets a well-formed amount through when the limits are unknown (rechecked at creation)', () => {
    expect(orderAmountState('50', null).status).toBe('valid');
  });
});

describe('checkOrderForm', () => {
  it('builds the request with only what was typed', () => {
    const check = checkOrderForm(
      { ...emptyOrderForm(), amount: '1,500', dni: ' 12345678 ' },
      bounds,
    );
    expect(check.request).toEqual({
      amount_cents: 150_000,
      customer: { dni: '12345678' },
      send_sms: false,
    });
  });
  it('blocks on a bad optional field and points at it', () => {
    const form = { ...emptyOrderForm(), amount: '1,500', phone: 'abc', email: 'a@b' };
    const check = checkOrderForm(form, bounds);
    expect(check.request).toBeNull();
    expect(check.phone).toMatchObject({ status: 'error', message: 'orders.field.phone.invalid' });
    expect(check.email).toMatchObject({ status: 'error', message: 'orders.field.email.invalid' });
    expect(firstOrderProblem(check)).toBe('phone');
  });
  it('explains the DNI card check character and offers the 8 digits', () => {
    const check = checkOrderForm({ ...emptyOrderForm(), amount: '150', dni: '123456789' }, bounds);
    expect(check.dni).toMatchObject({ status: 'error', fix: '12345678' });
    expect(check.request).toBeNull();
  });
  it('carries description, contact and the SMS choice', () => {
    const form = {
      amount: '200',
      description: ' TV ',
      name: 'Ana',
      dni: '',
      phone: '+51 987654321',
      email: 'ana@example.pe',
      sendSms: true,
    };
    expect(checkOrderForm(form, bounds).request).toEqual({
      amount_cents: 20_000,
      description: 'TV',
      customer: { name: 'Ana', phone: '+51 987654321', email: 'ana@example.pe' },
      send_sms: true,
    });
  });
});
