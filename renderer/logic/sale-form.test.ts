import { describe, expect, it } from 'vitest';
import {
  amountState,
  checkIdentityAndCode,
  checkSaleForm,
  codeState,
  identityState,
} from './sale-form';

describe('identityState (DNI)', () => {
  it('counts digits while typing, then accepts 8', () => {
    expect(identityState('dni', '')).toEqual({ status: 'empty' });
    expect(identityState('dni', '4100')).toMatchObject({ status: 'hint', params: { digits: 4 } });
    expect(identityState('dni', '41000001')).toEqual({ status: 'valid' });
  });

  it('explains the card’s 9th check character and offers the 8 digits', () => {
    expect(identityState('dni', '410000013')).toEqual({
      status: 'error',
      message: 'field.dni.checkCharacter',
      params: { dni: '41000001' },
      fix: '41000001',
    });
    expect(identityState('dni', '41000001-K')).toMatchObject({ status: 'error', fix: '41000001' });
  });

  it('refuses letters', () => {
    expect(identityState('dni', '4100A001')).toMatchObject({
      status: 'error',
      message: 'field.dni.invalid',
    });
  });
});

describe('identityState (RUC)', () => {
  it('checks prefix and check digit', () => {
    expect(identityState('ruc', '2010007097')).toMatchObject({ status: 'hint' });
    expect(identityState('ruc', '20100070970')).toMatchObject({
      status: 'valid',
      message: 'field.ruc.company',
    });
    expect(identityState('ruc', '10054148289')).toMatchObject({
      status: 'valid',
      message: 'field.ruc.personal',
    });
    expect(identityState('ruc', '20100070971')).toMatchObject({
      status: 'error',
      message: 'field.ruc.checkDigit',
    });
    expect(identityState('ruc', '30100070970')).toMatchObject({
      status: 'error',
      message: 'field.ruc.prefix',
    });
    expect(identityState('ruc', '201000709701')).toMatchObject({
      status: 'error',
      message: 'field.ruc.length',
    });
  });

  it('accepts only personal RUCs for undo billing', () => {
    expect(identityState('ruc', '20512333797', 'undo')).toMatchObject({
      status: 'error',
      message: 'field.ruc.undoPersonalOnly',
    });
    expect(identityState('ruc', '10054148289', 'undo')).toMatchObject({ status: 'valid' });
  });
});

describe('codeState', () => {
  it('normalizes scanner input and counts to 6', () => {
    expect(codeState(' ve-nta1 ')).toEqual({ status: 'valid' });
    expect(codeState('VEN')).toMatchObject({ status: 'hint', params: { count: 3 } });
    expect(codeState('VENTA12')).toMatchObject({ status: 'error', message: 'field.code.tooLong' });
    expect(codeState('VENT*1')).toMatchObject({
      status: 'error',
      message: 'field.code.characters',
    });
  });
});

describe('amountState', () => {
  it('takes es-PE amounts with at most 2 decimals, never rounding', () => {
    expect(amountState('1,350.50')).toEqual({ status: 'valid' });
    expect(amountState('S/ 1350.5')).toEqual({ status: 'valid' });
    expect(amountState('1350.505')).toMatchObject({
      status: 'error',
      message: 'field.amount.decimals',
    });
    expect(amountState('1.350,50')).toMatchObject({
      status: 'error',
      message: 'field.amount.format',
    });
    expect(amountState('0')).toMatchObject({ status: 'error', message: 'field.amount.positive' });
    expect(amountState('')).toEqual({ status: 'empty' });
  });
});

describe('checkSaleForm', () => {
  it('builds the verify request in cents only when every field is valid', () => {
    const check = checkSaleForm({
      identityKind: 'dni',
      identity: '41000003',
      code: 'exced1',
      amount: '1,350.50',
    });
    expect(check.request).toEqual({
      identity: { kind: 'dni', value: '41000003' },
      funding_code: 'EXCED1',
      billed_cents: 135050,
    });
    expect(
      checkSaleForm({
        identityKind: 'dni',
        identity: '410000033',
        code: 'EXCED1',
        amount: '1350.50',
      }).request,
    ).toBeNull();
    expect(
      checkSaleForm({
        identityKind: 'dni',
        identity: '41000003',
        code: 'EXCED1',
        amount: '1350.505',
      }).request,
    ).toBeNull();
  });

  it('builds undo and check requests from identity and code', () => {
    expect(checkIdentityAndCode('ruc', '10054148289', 'rucpe1', 'undo').request).toEqual({
      identity: { kind: 'ruc', value: '10054148289' },
      funding_code: 'RUCPE1',
    });
    expect(checkIdentityAndCode('ruc', '20100070970', 'RUCNO1', 'undo').request).toBeNull();
  });
});
