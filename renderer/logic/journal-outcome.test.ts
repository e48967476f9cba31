import { describe, expect, it } from 'vitest';
import type { JournalOperation } from '../../shared/journal-entry';
import { serviceErrorFromJournal, verdictOf } from './journal-outcome';

const base = (over: Partial<JournalOperation>): JournalOperation => ({
  op_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  operation: 'v3.paidAndBilled',
  mode: 'training',
  status: 'unknown',
  started_at: '2026-03-10T15:00:00.000Z',
  updated_at: '2026-03-10T15:00:05.000Z',
  calls: 2,
  intent: {
    seq: 1,
    op_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    at: '2026-03-10T15:00:00.000Z',
    type: 'intent',
    operation: 'v3.paidAndBilled',
    mode: 'training',
    cashier_id: 'CAJA-01',
    funding_code: 'CRONO1',
    request: {},
  },
  outcome: null,
  ...over,
});

describe('verdictOf', () => {
  it('stays open while pending or unknown', () => {
    expect(verdictOf(base({ status: 'unknown' }))).toEqual({ status: 'open', calls: 2 });
    expect(verdictOf(base({ status: 'pending' }))).toMatchObject({ status: 'open' });
  });

  it('is final on succeeded or refused, with the service’s exact words', () => {
    expect(verdictOf(base({ status: 'succeeded' }))).toEqual({ status: 'succeeded' });
    const refused = base({
      status: 'refused',
      outcome: {
        seq: 3,
        op_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
        at: '2026-03-10T15:00:05.000Z',
        type: 'outcome',
        status: 'refused',
        http_status: 400,
        service_message: 'Customer did not accept new installment schedule yet',
        error_category: 'state-conflict',
      },
    });
    expect(verdictOf(refused)).toEqual({
      status: 'refused',
      error: {
        category: 'state-conflict',
        httpStatus: 400,
        message: 'Customer did not accept new installment schedule yet',
      },
    });
  });

  it('reads field errors and an unknown category safely', () => {
    const op = base({
      status: 'refused',
      outcome: {
        seq: 3,
        op_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
        at: '2026-03-10T15:00:05.000Z',
        type: 'outcome',
        status: 'refused',
        service_message: { dni: 'Error on dni format' },
        error_category: 'something-new',
      },
    });
    expect(serviceErrorFromJournal(op)).toEqual({
      category: 'state-conflict',
      fieldErrors: { dni: 'Error on dni format' },
    });
  });
});
