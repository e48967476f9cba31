import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Conditions, computeConditions, type FundingTerms } from './amounts';
import { centsFromWire, centsToWire, MAX_CENTS } from './money';

const PROPERTY = { numRuns: 1_000, seed: 20_240_611 } as const;

/** Four interest-free parts on a S/ 1,000.00 line, nothing paid yet: the usual plan. */
const terms = (overrides: Partial<FundingTerms> = {}): FundingTerms => ({
  creditLine: 100000,
  parts: 4,
  paidToService: 0,
  paidInStoreBefore: 0,
  ...overrides,
});

const MONEY_FIELDS = [
  'billed',
  'approved',
  'excedent',
  'downpayment',
  'downpaymentInhouse',
  'installmentsAmount',
  'toCollect',
  'creditToNextInstallment',
] as const satisfies readonly (keyof Conditions)[];

describe('computeConditions', () => {
  describe('worked examples', () => {
    it('plain sale: billed equals the credit line, 4 equal parts', () => {
      expect(computeConditions(100000, terms())).toEqual({
        billed: 100000,
        approved: 100000,
        excedent: 0,
        downpayment: 25000,
        downpaymentInhouse: 25000,
        installmentsNumber: 3,
        installmentsAmount: 25000,
        toCollect: 25000,
        creditToNextInstallment: 0,
      });
    });

    it('billed 1000.01 in 4 parts: the down payment absorbs the odd cent', () => {
      expect(computeConditions(100001, terms({ creditLine: 200000 }))).toEqual({
        billed: 100001,
        approved: 100001,
        excedent: 0,
        downpayment: 25001,
        downpaymentInhouse: 25001,
        installmentsNumber: 3,
        installmentsAmount: 25000,
        toCollect: 25001,
        creditToNextInstallment: 0,
      });
    });

    it('billed 333.33 in 4 parts: 83.34 down, then 3 × 83.33', () => {
      const c = computeConditions(33333, terms());
      expect(c).toMatchObject({
        approved: 33333,
        downpayment: 8334,
        installmentsNumber: 3,
        installmentsAmount: 8333,
        toCollect: 8334,
      });
      expect(c.downpayment + c.installmentsNumber * c.installmentsAmount).toBe(33333);
    });

    it('billed below the earlier approved amount: everything shrinks proportionally', () => {
      const before = computeConditions(200000, terms({ creditLine: 200000 }));
      const after = computeConditions(100000, terms({ creditLine: 200000 }));
      expect(before).toMatchObject({
        approved: 200000,
        downpayment: 50000,
        installmentsAmount: 50000,
      });
      expect(after).toMatchObject({
        approved: 100000,
        excedent: 0,
        downpayment: 25000,
        installmentsNumber: 3,
        installmentsAmount: 25000,
        toCollect: 25000,
      });
    });

    it('billed above the credit line: approved = L, the store collects the excedent on top', () => {
      const c = computeConditions(150000, terms());
      expect(c).toEqual({
        billed: 150000,
        approved: 100000,
        excedent: 50000,
        downpayment: 25000,
        downpaymentInhouse: 25000,
        installmentsNumber: 3,
        installmentsAmount: 25000,
        toCollect: 75000,
        creditToNextInstallment: 0,
      });
    });

    it('down payment partly paid online: the store collects the rest', () => {
      const c = computeConditions(100000, terms({ paidToService: 10000 }));
      expect(c).toMatchObject({
        downpayment: 25000,
        downpaymentInhouse: 15000,
        toCollect: 15000,
        creditToNextInstallment: 0,
      });
    });

    it('partly paid online and billed above the line: the rest of the down payment + excedent', () => {
      const c = computeConditions(120050, terms({ paidToService: 10000 }));
      expect(c).toMatchObject({
        approved: 100000,
        excedent: 20050,
        downpaymentInhouse: 15000,
        toCollect: 35050,
      });
    });

    it('down payment fully paid online: nothing in-house', () => {
      const c = computeConditions(100000, terms({ paidToService: 25000 }));
      expect(c).toMatchObject({ downpayment: 25000, downpaymentInhouse: 0, toCollect: 0 });
      expect(c.creditToNextInstallment).toBe(0);
    });

    it('fully paid online but billed above the line: the store collects only the excedent', () => {
      const c = computeConditions(130000, terms({ paidToService: 25000 }));
      expect(c).toMatchObject({ downpaymentInhouse: 0, excedent: 30000, toCollect: 30000 });
    });

    it('over-paid online: nothing in-house, the surplus goes to the next installment', () => {
      const c = computeConditions(100000, terms({ paidToService: 30000 }));
      expect(c).toMatchObject({
        downpayment: 25000,
        downpaymentInhouse: 0,
        toCollect: 0,
        creditToNextInstallment: 5000,
        installmentsAmount: 25000,
      });
    });

    it('over-paid because the billed amount dropped after paying online', () => {
      // Paid S/ 250 online for a S/ 1,000 purchase, then billed only S/ 600.
      const c = computeConditions(60000, terms({ paidToService: 25000 }));
      expect(c).toMatchObject({
        downpayment: 15000,
        downpaymentInhouse: 0,
        toCollect: 0,
        creditToNextInstallment: 10000,
      });
    });

    it('an undone earlier in-store payment counts as already collected', () => {
      const c = computeConditions(100000, terms({ paidInStoreBefore: 25000 }));
      expect(c).toMatchObject({ downpaymentInhouse: 0, toCollect: 0, creditToNextInstallment: 0 });
    });

    it('earlier in-store payment and online payment add up', () => {
      const c = computeConditions(100000, terms({ paidToService: 5000, paidInStoreBefore: 15000 }));
      expect(c).toMatchObject({ downpaymentInhouse: 5000, toCollect: 5000 });
    });

    it('rebilled higher after an undo: only the difference of the down payment is collected', () => {
      // First billed S/ 600 (down payment 150 collected), undone, now billed S/ 1,000.
      const c = computeConditions(100000, terms({ paidInStoreBefore: 15000 }));
      expect(c).toMatchObject({ downpayment: 25000, downpaymentInhouse: 10000, toCollect: 10000 });
    });

    it('parts = 1: everything is the down payment, no installments', () => {
      expect(computeConditions(100001, terms({ parts: 1, creditLine: 200000 }))).toEqual({
        billed: 100001,
        approved: 100001,
        excedent: 0,
        downpayment: 100001,
        downpaymentInhouse: 100001,
        installmentsNumber: 0,
        installmentsAmount: 0,
        toCollect: 100001,
        creditToNextInstallment: 0,
      });
    });

    it('more parts than cents: installments are 0, the down payment takes it all', () => {
      const c = computeConditions(3, terms({ parts: 5 }));
      expect(c).toMatchObject({ downpayment: 3, installmentsNumber: 4, installmentsAmount: 0 });
    });

    it('a zero credit line: nothing approved, the whole bill is excedent', () => {
      const c = computeConditions(50000, terms({ creditLine: 0 }));
      expect(c).toMatchObject({ approved: 0, excedent: 50000, downpayment: 0, toCollect: 50000 });
    });

    it('the wire figures of the 1000.01 case are the ones a person would write', () => {
      const c = computeConditions(100001, terms({ creditLine: 200000 }));
      expect([c.approved, c.downpayment, c.installmentsAmount].map(centsToWire)).toEqual([
        1000.01, 250.01, 250,
      ]);
    });
  });

  describe('invalid inputs', () => {
    it.each([
      ['negative billed', -1, {}],
      ['fractional billed', 100.5, {}],
      ['NaN billed', Number.NaN, {}],
      ['Infinity billed', Number.POSITIVE_INFINITY, {}],
      ['billed above MAX_CENTS', MAX_CENTS + 1, {}],
      ['negative credit line', 100, { creditLine: -1 }],
      ['fractional credit line', 100, { creditLine: 0.5 }],
      ['0 parts', 100, { parts: 0 }],
      ['negative parts', 100, { parts: -4 }],
      ['fractional parts', 100, { parts: 2.5 }],
      ['NaN parts', 100, { parts: Number.NaN }],
      ['negative paid to the service', 100, { paidToService: -1 }],
      ['fractional paid to the service', 100, { paidToService: 0.1 }],
      ['negative paid in store before', 100, { paidInStoreBefore: -1 }],
      ['fractional paid in store before', 100, { paidInStoreBefore: 1.5 }],
      ['payments adding past MAX_CENTS', 100, { paidToService: MAX_CENTS, paidInStoreBefore: 1 }],
      [
        'payments adding past 2^53',
        100,
        { paidToService: Number.MAX_SAFE_INTEGER, paidInStoreBefore: Number.MAX_SAFE_INTEGER },
      ],
    ] as [string, number, Partial<FundingTerms>][])(
      'throws a RangeError for %s',
      (_label, billed, overrides) => {
        expect(() => computeConditions(billed, terms(overrides))).toThrow(RangeError);
      },
    );

    it('accepts the edges: billed 0, MAX_CENTS, and payments summing to MAX_CENTS', () => {
      expect(computeConditions(0, terms()).toCollect).toBe(0);
      expect(computeConditions(MAX_CENTS, terms({ creditLine: MAX_CENTS })).approved).toBe(
        MAX_CENTS,
      );
      const paid = terms({ paidToService: MAX_CENTS - 1, paidInStoreBefore: 1 });
      expect(computeConditions(100000, paid).creditToNextInstallment).toBe(MAX_CENTS - 25000);
    });
  });

  describe('properties', () => {
    const amount = fc.integer({ min: 0, max: MAX_CENTS });
    // Realistic and extreme: most plans have a handful of parts, but nothing forbids more.
    const parts = fc.oneof(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 100_000 }));
    // Payments may come close to the down payment, exceed it, or be far off.
    const paid = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 }), amount);
    const input = fc
      .record({
        billed: amount,
        creditLine: amount,
        parts,
        paidToService: paid,
        paidInStoreBefore: paid,
      })
      .filter((t) => t.paidToService + t.paidInStoreBefore <= MAX_CENTS);
    const compute = ({ billed, ...t }: FundingTerms & { billed: number }) =>
      computeConditions(billed, t);

    it('downpayment + (P − 1) · installmentsAmount === approved', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          expect(c.installmentsNumber).toBe(i.parts - 1);
          expect(c.downpayment + (i.parts - 1) * c.installmentsAmount).toBe(c.approved);
        }),
        PROPERTY,
      );
    });

    it('the down payment is the largest part, by less than P cents (all of it with one part)', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          if (i.parts === 1) {
            expect(c).toMatchObject({ downpayment: c.approved, installmentsAmount: 0 });
            return;
          }
          expect(c.downpayment - c.installmentsAmount).toBeGreaterThanOrEqual(0);
          expect(c.downpayment - c.installmentsAmount).toBeLessThan(i.parts);
        }),
        PROPERTY,
      );
    });

    it('toCollect is never negative and is inhouse + excedent', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          expect(c.toCollect).toBeGreaterThanOrEqual(0);
          expect(c.toCollect).toBe(c.downpaymentInhouse + c.excedent);
        }),
        PROPERTY,
      );
    });

    it('every amount is whole cents and goes on the wire with at most 2 decimals', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          for (const field of MONEY_FIELDS) {
            const cents = c[field];
            expect(Number.isSafeInteger(cents) && cents >= 0, field).toBe(true);
            const wire = centsToWire(cents);
            expect(String(wire), field).toMatch(/^\d+(\.\d{1,2})?$/);
            expect(centsFromWire(wire), field).toBe(cents);
          }
        }),
        PROPERTY,
      );
    });

    it('approved ≤ credit line, approved ≤ billed, and one of them is reached', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          expect(c.approved).toBeLessThanOrEqual(i.creditLine);
          expect(c.approved).toBeLessThanOrEqual(i.billed);
          expect(c.approved).toBe(Math.min(i.billed, i.creditLine));
        }),
        PROPERTY,
      );
    });

    it('excedent + approved === billed, and excedent is 0 within the credit line', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          expect(c.excedent + c.approved).toBe(i.billed);
          expect(c.excedent === 0).toBe(i.billed <= i.creditLine);
        }),
        PROPERTY,
      );
    });

    it('what was paid is either still owed in-house or credited, never lost or counted twice', () => {
      fc.assert(
        fc.property(input, (i) => {
          const c = compute(i);
          const alreadyPaid = i.paidToService + i.paidInStoreBefore;
          expect(c.downpaymentInhouse + alreadyPaid).toBe(
            c.downpayment + c.creditToNextInstallment,
          );
          expect(c.downpaymentInhouse === 0 || c.creditToNextInstallment === 0).toBe(true);
          expect(c.downpaymentInhouse).toBeLessThanOrEqual(c.downpayment);
        }),
        PROPERTY,
      );
    });

    it('paying more beforehand never makes the store collect more', () => {
      fc.assert(
        fc.property(input, fc.integer({ min: 0, max: 1_000_000 }), (i, extra) => {
          fc.pre(i.paidToService + i.paidInStoreBefore + extra <= MAX_CENTS);
          const base = compute(i);
          const more = compute({ ...i, paidToService: i.paidToService + extra });
          expect(more.toCollect).toBeLessThanOrEqual(base.toCollect);
        }),
        PROPERTY,
      );
    });
  });
});
