import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DaySummaryQuery, FundingCode } from '../../../shared/api/in-store';
import { DAY_SUMMARY } from '../../../shared/api/messages';
import { parsePathParams, parseQuery } from './parse';

describe('parsePathParams', () => {
  const Params = z.object({ funding_code: FundingCode });

  it('gives the checked values', () => {
    expect(parsePathParams(Params, { funding_code: 'VENTA1' })).toEqual({
      ok: true,
      value: { funding_code: 'VENTA1' },
    });
  });

  it('answers the field-keyed 400 for a value of the wrong format', () => {
    for (const funding_code of ['venta1', 'VENTA', "'; DROP", '']) {
      expect(parsePathParams(Params, { funding_code })).toEqual({
        ok: false,
        reply: { status: 400, body: { funding_code: 'Error on funding_code format' } },
      });
    }
  });

  it('reads anything but an object as no parameters at all', () => {
    expect(parsePathParams(Params, null)).toMatchObject({
      reply: { body: { funding_code: 'Error on funding_code format' } },
    });
  });
});

describe('parseQuery', () => {
  it("uses the interface's own message of a parameter, and reports every one together", () => {
    expect(parseQuery(DaySummaryQuery, { day: '2026-02-30', detail: 'yes' }, DAY_SUMMARY)).toEqual({
      ok: false,
      reply: { status: 400, body: { day: 'Not a valid date', detail: 'Not a valid boolean' } },
    });
  });

  it('answers `Error on <field> format` without a message, `Unknown field` for an extra one', () => {
    expect(parseQuery(DaySummaryQuery, { day: 'x', page: '2' })).toEqual({
      ok: false,
      reply: { status: 400, body: { day: 'Error on day format', page: 'Unknown field' } },
    });
  });

  it("never takes a message from an object's prototype", () => {
    const Query = z.strictObject({ constructor: z.literal('x') });
    expect(parseQuery(Query, { constructor: 'y' }, {})).toMatchObject({
      reply: { body: { constructor: 'Error on constructor format' } },
    });
  });

  it('gives the checked values', () => {
    expect(parseQuery(DaySummaryQuery, { day: '2026-03-10' }, DAY_SUMMARY)).toEqual({
      ok: true,
      value: { day: '2026-03-10' },
    });
  });
});
