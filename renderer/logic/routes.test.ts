import { describe, expect, it } from 'vitest';
import { bridgeMethods } from '../../shared/bridge';
import {
  daySummaryPrintRoute,
  parseRoute,
  recordPrintRoute,
  saleReceiptPrintRoute,
  withAutoPrint,
} from './routes';

const printArgs = (route: string) =>
  bridgeMethods['print.document'].args.safeParse({
    document: 'day-summary',
    layout: 'a4',
    target: 'printer',
    route,
  }).success;

describe('parseRoute', () => {
  it('reads every screen and falls back to home', () => {
    expect(parseRoute('#/sale')).toEqual({ name: 'sale' });
    expect(parseRoute('#/summary')).toEqual({ name: 'summary' });
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'home' });
  });

  it('reads print routes with their parameters', () => {
    expect(parseRoute('#/print/day-summary?day=2026-03-10&layout=receipt80')).toEqual({
      name: 'print-day-summary',
      day: '2026-03-10',
      layout: 'receipt80',
      auto: false,
    });
    expect(parseRoute(withAutoPrint(saleReceiptPrintRoute('abc')))).toMatchObject({
      name: 'print-record',
      record: 'sale-record',
      opId: 'abc',
      auto: true,
    });
    expect(parseRoute(recordPrintRoute('undo-record', 'abc', 'a4'))).toEqual({
      name: 'print-record',
      record: 'undo-record',
      opId: 'abc',
      layout: 'a4',
      auto: false,
    });
    expect(parseRoute('#/print/day-summary?layout=letter')).toMatchObject({
      layout: 'a4',
      day: null,
    });
  });

  it('builds print routes the bridge contract accepts', () => {
    expect(printArgs(daySummaryPrintRoute('2026-03-10', 'a4'))).toBe(true);
    expect(printArgs(saleReceiptPrintRoute('0f8fad5b-d9cb-469f-a165-70867728950e'))).toBe(true);
    expect(printArgs(recordPrintRoute('undo-record', '0f8fad5b-d9cb-469f-a165-70867728950e'))).toBe(
      true,
    );
  });
});
