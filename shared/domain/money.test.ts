import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCents,
  centsFromWire,
  centsToWire,
  formatPEN,
  MAX_CENTS,
  parseAmountInput,
  splitCents,
} from './money';

// Seeded so that a failure replays identically; fast-check prints the seed and path anyway.
const PROPERTY = { numRuns: 1_000, seed: 20_240_611 } as const;
const NBSP = '\u00a0';
const TWO_DECIMALS_AT_MOST = /^\d+(\.\d{1,2})?$/;

describe('centsFromWire', () => {
  it.each([
    [1000.01, 100001],
    [333.33, 33333],
    [0, 0],
    [12.5, 1250],
    [0.01, 1],
    [0.1, 10],
    [0.3, 30],
    [250, 25000],
    [9999999999999.99, MAX_CENTS],
  ])('reads %s soles as %s cents', (wire, cents) => {
    expect(centsFromWire(wire)).toBe(cents);
  });

  it.each([
    ['0.1 + 0.2', 0.1 + 0.2],
    ['3 decimals', 12.345],
    ['a tiny fraction', 0.001],
    ['exponent notation (1e21)', 1e21],
    ['a tiny exponent (1e-7)', 1e-7],
    ['a negative amount', -1],
    ['a negative fraction', -0.01],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['above MAX_CENTS (S/ 10 trillion)', 10_000_000_000_000],
    ['a value whose cents are not safe', 1e20],
    ['MAX_SAFE_INTEGER soles', Number.MAX_SAFE_INTEGER],
  ])('rejects %s', (_label, wire) => {
    expect(centsFromWire(wire)).toBeNull();
  });

  it.each([
    ['a numeric string', '12.5'],
    ['an integer string', '100'],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['a bigint', 100n],
    ['an object', { amount: 12.5 }],
    ['an array', [12.5]],
  ])('rejects %s, which is not a JSON number', (_label, wire) => {
    expect(centsFromWire(wire)).toBeNull();
  });

  it('reads the parsed JSON number exactly', () => {
    const body = JSON.parse('{"billed_amount": 1000.01, "approved_amount": 333.33}');
    expect(centsFromWire(body.billed_amount)).toBe(100001);
    expect(centsFromWire(body.approved_amount)).toBe(33333);
  });
});

describe('centsToWire', () => {
  it.each([
    [100001, 1000.01],
    [33333, 333.33],
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [1250, 12.5],
    [25000, 250],
    [MAX_CENTS, 9999999999999.99],
  ])('writes %s cents as %s soles', (cents, wire) => {
    expect(centsToWire(cents)).toBe(wire);
  });

  it('serialises to the JSON text a person would write', () => {
    expect(JSON.stringify({ billed_amount: centsToWire(100001) })).toBe(
      '{"billed_amount":1000.01}',
    );
    expect(JSON.stringify({ billed_amount: centsToWire(30) })).toBe('{"billed_amount":0.3}');
  });

  it.each([
    ['negative cents', -1],
    ['fractional cents', 12.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['cents above MAX_CENTS', MAX_CENTS + 1],
    ['MAX_SAFE_INTEGER cents, which no double carries exactly', Number.MAX_SAFE_INTEGER],
  ])('throws a RangeError for %s', (_label, cents) => {
    expect(() => centsToWire(cents)).toThrow(RangeError);
  });
});

describe('parseAmountInput (es-PE: point decimals, comma thousands)', () => {
  it.each([
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['S/ 1,234.5', 123450],
    ['S/1,234.56', 123456],
    [`S/${NBSP}1,234.56`, 123456],
    ['s/ 99', 9900],
    ['  12.5  ', 1250],
    ['1,000,000', 100000000],
    ['0.01', 1],
    ['007', 700],
    ['9999999999999.99', MAX_CENTS],
  ])('reads %j as %s cents', (raw, cents) => {
    expect(parseAmountInput(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['S/ ', 'empty'],
    ['12.345', 'too-many-decimals'],
    ['1,234.567', 'too-many-decimals'],
    ['0.001', 'too-many-decimals'],
    ['1.234', 'too-many-decimals'],
    ['0', 'not-positive'],
    ['0.00', 'not-positive'],
    ['S/ 0.0', 'not-positive'],
    ['abc', 'not-a-number'],
    ['1.234,56', 'not-a-number'],
    ['1,23', 'not-a-number'],
    ['1,2345', 'not-a-number'],
    ['12,34.5', 'not-a-number'],
    [',123', 'not-a-number'],
    ['-5', 'not-a-number'],
    ['+5', 'not-a-number'],
    ['.5', 'not-a-number'],
    ['5.', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['12.5 soles', 'not-a-number'],
    ['$ 12.50', 'not-a-number'],
    ['10000000000000', 'not-a-number'],
    ['99999999999999999999', 'not-a-number'],
  ])('rejects %j as %s', (raw, problem) => {
    expect(parseAmountInput(raw)).toEqual({ ok: false, problem });
  });
});

describe('addCents', () => {
  it.each([
    [[], 0],
    [[100001], 100001],
    [[1, 2], 3],
    [[10, 20], 30],
    [[25001, 25000, 25000, 25000], 100001],
    [[MAX_CENTS - 1, 1], MAX_CENTS],
  ])('adds %j to %s', (amounts, total) => {
    expect(addCents(...amounts)).toBe(total);
  });

  it.each([
    ['a negative term', [100, -1]],
    ['a fractional term', [100, 0.5]],
    ['a NaN term', [100, Number.NaN]],
    ['a total above MAX_CENTS', [MAX_CENTS, 1]],
    ['a total past 2^53, which would silently round', [Number.MAX_SAFE_INTEGER, 2]],
  ])('throws a RangeError for %s', (_label, amounts) => {
    expect(() => addCents(...amounts)).toThrow(RangeError);
  });
});

describe('splitCents', () => {
  it.each([
    [100001, 4, [25001, 25000, 25000, 25000]],
    [33333, 4, [8334, 8333, 8333, 8333]],
    [100000, 4, [25000, 25000, 25000, 25000]],
    [100, 3, [34, 33, 33]],
    [5, 1, [5]],
    [3, 5, [3, 0, 0, 0, 0]],
    [0, 3, [0, 0, 0]],
  ])('splits %s cents in %s parts as %j', (total, parts, expected) => {
    const split = splitCents(total, parts);
    expect(split).toEqual(expected);
    expect(split.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it.each([
    ['0 parts', 100, 0],
    ['negative parts', 100, -2],
    ['fractional parts', 100, 2.5],
    ['NaN parts', 100, Number.NaN],
    ['a negative total', -100, 2],
    ['a fractional total', 100.5, 2],
  ])('throws a RangeError for %s', (_label, total, parts) => {
    expect(() => splitCents(total, parts)).toThrow(RangeError);
  });
});

describe('formatPEN', () => {
  it.each([
    [123456, `S/${NBSP}1,234.56`],
    [0, `S/${NBSP}0.00`],
    [1, `S/${NBSP}0.01`],
    [1250, `S/${NBSP}12.50`],
    [100001, `S/${NBSP}1,000.01`],
    [-123456, `-S/${NBSP}1,234.56`],
    [-1, `-S/${NBSP}0.01`],
    [123456789012, `S/${NBSP}1,234,567,890.12`],
    [MAX_CENTS, `S/${NBSP}9,999,999,999,999.99`],
    [-MAX_CENTS, `-S/${NBSP}9,999,999,999,999.99`],
  ])('formats %s cents as %j', (cents, text) => {
    expect(formatPEN(cents)).toBe(text);
  });

  it('shows no sign for negative zero', () => {
    expect(formatPEN(-0)).toBe(`S/${NBSP}0.00`);
  });

  it.each([
    ['fractional cents', 12.5],
    ['NaN', Number.NaN],
    ['cents above MAX_CENTS', MAX_CENTS + 1],
    ['MAX_SAFE_INTEGER cents, which would show …409.90 for …409.91', Number.MAX_SAFE_INTEGER],
  ])('throws a RangeError for %s', (_label, cents) => {
    expect(() => formatPEN(cents)).toThrow(RangeError);
  });
});

describe('money properties', () => {
  const cents = fc.integer({ min: 0, max: MAX_CENTS });

  it('centsFromWire(centsToWire(c)) === c for every amount up to MAX_CENTS', () => {
    fc.assert(
      fc.property(cents, (c) => centsFromWire(centsToWire(c)) === c),
      PROPERTY,
    );
  });

  it('the round trip also holds through JSON text', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = JSON.stringify({ amount: centsToWire(c) });
        return centsFromWire(JSON.parse(text).amount) === c;
      }),
      PROPERTY,
    );
  });

  it('centsToWire never writes more than 2 decimals', () => {
    fc.assert(
      fc.property(cents, (c) => TWO_DECIMALS_AT_MOST.test(String(centsToWire(c)))),
      PROPERTY,
    );
  });

  it('a safe integer above MAX_CENTS is refused, never sent altered', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_CENTS + 1, max: Number.MAX_SAFE_INTEGER }), (c) => {
        expect(() => centsToWire(c)).toThrow(RangeError);
        expect(() => formatPEN(c)).toThrow(RangeError);
      }),
      PROPERTY,
    );
  });

  it('splitCents sums to the total, parts differ by at most the remainder', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 1_000 }), (total, parts) => {
        const split = splitCents(total, parts);
        const [first = Number.NaN, ...rest] = split;
        const share = Math.floor(total / parts);
        expect(split).toHaveLength(parts);
        expect(split.reduce((a, b) => a + b, 0)).toBe(total);
        expect(split.every((part) => Number.isSafeInteger(part) && part >= 0)).toBe(true);
        expect(rest.every((part) => part === share)).toBe(true);
        expect(first - share).toBe(total % parts);
        expect(first - share).toBeLessThan(parts);
      }),
      PROPERTY,
    );
  });

  it('what formatPEN shows, parseAmountInput reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_CENTS }), (c) => {
        expect(parseAmountInput(formatPEN(c))).toEqual({ ok: true, cents: c });
      }),
      PROPERTY,
    );
  });

  it('parseAmountInput accepts every plain and grouped amount with up to 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_CENTS }), fc.boolean(), (c, grouped) => {
        const whole = Math.floor(c / 100);
        const fraction = String(c % 100).padStart(2, '0');
        const wholeText = grouped ? whole.toLocaleString('en-US') : String(whole);
        expect(parseAmountInput(`${wholeText}.${fraction}`)).toEqual({ ok: true, cents: c });
      }),
      PROPERTY,
    );
  });

  it('addCents equals exact integer addition', () => {
    const term = fc.integer({ min: 0, max: Math.floor(MAX_CENTS / 8) });
    fc.assert(
      fc.property(fc.array(term, { maxLength: 8 }), (amounts) => {
        const exact = amounts.reduce((a, b) => a + BigInt(b), 0n);
        expect(BigInt(addCents(...amounts))).toBe(exact);
      }),
      PROPERTY,
    );
  });
});

describe('amount input with spaces inside', () => {
  it.each(['12 5', '1 234.56', '12\u00a05'])('refuses %j instead of joining the digits', (raw) => {
    expect(parseAmountInput(raw)).toEqual({ ok: false, problem: 'not-a-number' });
  });
  it.each([
    [' 125 ', 12500],
    ['S/\u00a0125.50', 12550],
    ['s/ 1,250', 125000],
  ])('accepts %j around the amount', (raw, cents) => {
    expect(parseAmountInput(raw)).toEqual({ ok: true, cents });
  });
});
