import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeDniInput,
  identityField,
  isPersonalRuc,
  isValidDni,
  isValidFundingCode,
  isValidRuc,
  normalizeFundingCode,
  RUC_PREFIXES,
  rucCheckDigit,
  rucProblem,
  typedIdentity,
} from './identity';

const PROPERTY = { numRuns: 1_000, seed: 20_240_611 } as const;

// docs/decisions.md "Formats", written out independently of the code under test.
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const weightedSum = (body: string): number =>
  [...body].reduce((sum, digit, i) => sum + Number(digit) * (WEIGHTS[i] ?? Number.NaN), 0);

/** The first RUC body (prefix 20) whose weighted sum mod 11 is `remainder`. */
function bodyWithRemainder(remainder: number): string {
  for (let n = 2_010_000_000; n < 2_010_001_000; n++) {
    if (weightedSum(String(n)) % 11 === remainder) return String(n);
  }
  throw new Error(`no body with remainder ${remainder}`);
}

/** A body with its check digit appended: a valid RUC whenever the prefix is allowed. */
const withCheckDigit = (body: string): string => `${body}${rucCheckDigit(body)}`;

/** The same RUC with its last digit replaced by every wrong one. */
const wrongCheckDigits = (ruc: string): string[] =>
  [...'0123456789'].filter((d) => d !== ruc[10]).map((d) => `${ruc.slice(0, 10)}${d}`);

describe('RUC', () => {
  describe('valid RUCs from docs/decisions.md', () => {
    it.each(['20100070970', '20512333797', '10054148289'])('%s is valid', (ruc) => {
      expect(rucProblem(ruc)).toBeNull();
      expect(isValidRuc(ruc)).toBe(true);
    });

    it('20100070970 has weighted sum ≡ 1 (mod 11), hence check digit 0', () => {
      expect(weightedSum('2010007097') % 11).toBe(1);
      expect(rucCheckDigit('2010007097')).toBe(0);
    });

    it.each([
      ['2051233379', 7],
      ['1005414828', 9],
    ])('the check digit of %s is %s', (body, check) => {
      expect(rucCheckDigit(body)).toBe(check);
    });
  });

  describe('rucCheckDigit', () => {
    it('maps 11 − 1 = 10 to 0', () => {
      const body = bodyWithRemainder(1);
      expect(rucCheckDigit(body)).toBe(0);
      expect(isValidRuc(`${body}0`)).toBe(true);
    });

    it('maps 11 − 0 = 11 to 1', () => {
      const body = bodyWithRemainder(0);
      expect(rucCheckDigit(body)).toBe(1);
      expect(isValidRuc(`${body}1`)).toBe(true);
    });

    it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])('gives 11 − %s when the sum mod 11 is that', (r) => {
      expect(rucCheckDigit(bodyWithRemainder(r))).toBe(11 - r);
    });

    it('is always one digit and follows docs/decisions.md for any body', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^\d{10}$/), (body) => {
          const check = 11 - (weightedSum(body) % 11);
          expect(rucCheckDigit(body)).toBe(check === 10 ? 0 : check === 11 ? 1 : check);
        }),
        PROPERTY,
      );
    });

    it.each(['', '123456789', '12345678901', '20100O7097', '2010007097 ', '-201000709'])(
      'throws a RangeError for the body %j',
      (body) => {
        expect(() => rucCheckDigit(body)).toThrow(RangeError);
      },
    );
  });

  describe('rucProblem', () => {
    it.each(wrongCheckDigits('20100070970'))('%s has a wrong check digit', (ruc) => {
      expect(rucProblem(ruc)).toBe('check-digit');
      expect(isValidRuc(ruc)).toBe(false);
    });

    it.each([...wrongCheckDigits('20512333797'), ...wrongCheckDigits('10054148289')])(
      '%s has a wrong check digit',
      (ruc) => {
        expect(rucProblem(ruc)).toBe('check-digit');
      },
    );

    it.each(['00', '11', '16', '21', '30', '99'])(
      'prefix %s is refused even with a correct check digit',
      (prefix) => {
        const ruc = withCheckDigit(`${prefix}10007097`);
        expect(rucProblem(ruc)).toBe('prefix');
        expect(isValidRuc(ruc)).toBe(false);
      },
    );

    it.each(RUC_PREFIXES)('prefix %s is accepted with a correct check digit', (prefix) => {
      expect(rucProblem(withCheckDigit(`${prefix}10007097`))).toBeNull();
    });

    it.each([
      ['empty', ''],
      ['10 digits', '2010007097'],
      ['12 digits', '201000709700'],
      ['a letter', '2010007097O'],
      ['a dash', '20-10007097'],
      ['spaces around', ' 20100070970 '],
      ['a trailing newline', '20100070970\n'],
    ])('%s is a length problem', (_label, ruc) => {
      expect(rucProblem(ruc)).toBe('length');
      expect(isValidRuc(ruc)).toBe(false);
    });

    it('every valid-prefix body with its check digit is valid, every other last digit is not', () => {
      const prefix = fc.constantFrom(...RUC_PREFIXES);
      fc.assert(
        fc.property(prefix, fc.stringMatching(/^\d{8}$/), fc.nat(9), (p, rest, last) => {
          const body = `${p}${rest}`;
          const expected = last === rucCheckDigit(body) ? null : 'check-digit';
          expect(rucProblem(`${body}${last}`)).toBe(expected);
        }),
        PROPERTY,
      );
    });
  });

  describe('isPersonalRuc', () => {
    it('accepts a valid "10" RUC', () => {
      expect(isPersonalRuc('10054148289')).toBe(true);
    });

    it.each([
      ['a company RUC', '20100070970'],
      ['another company RUC', '20512333797'],
      ['a valid "15" RUC', withCheckDigit('1505414828')],
      ['a valid "17" RUC', withCheckDigit('1705414828')],
      ['a "10" RUC with a wrong check digit', '10054148280'],
      ['a DNI', '05414828'],
      ['empty', ''],
    ])('refuses %s', (_label, ruc) => {
      expect(isPersonalRuc(ruc)).toBe(false);
    });

    it('"10" + any DNI + its check digit is personal', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^\d{8}$/), (dni) => {
          expect(isPersonalRuc(withCheckDigit(`10${dni}`))).toBe(true);
        }),
        PROPERTY,
      );
    });
  });
});

describe('DNI', () => {
  describe('isValidDni', () => {
    it.each(['12345678', '05414828', '00000000'])('%s is valid', (dni) => {
      expect(isValidDni(dni)).toBe(true);
    });

    it.each([
      ['empty', ''],
      ['7 digits', '1234567'],
      ['9 digits', '123456789'],
      ['a letter', '1234567A'],
      ['a check character', '12345678-K'],
      ['a leading space', ' 12345678'],
      ['a trailing newline', '12345678\n'],
      ['full-width digits', '１２３４５６７８'],
    ])('%s is refused', (_label, dni) => {
      expect(isValidDni(dni)).toBe(false);
    });
  });

  describe('typedIdentity', () => {
    it.each([
      [' 4100 0001 ', '41000001'],
      ['DNI41000001', '41000001'],
      ['dni: 41000001', '41000001'],
      ['RUC 20512333797', '20512333797'],
      ['41000001-5', '41000001-5'],
      ['4100000A', '4100000A'],
    ])('%j is typed as %j', (raw, typed) => {
      expect(typedIdentity(raw)).toBe(typed);
    });
  });

  describe('describeDniInput', () => {
    it.each(['', '   ', '\t'])('%j is empty', (raw) => {
      expect(describeDniInput(raw)).toEqual({ kind: 'empty' });
    });

    it.each([
      ['1', 1],
      ['1234', 4],
      ['1234567', 7],
      [' 123 ', 3],
    ])('%j is incomplete with %s digits', (raw, digits) => {
      expect(describeDniInput(raw)).toEqual({ kind: 'incomplete', digits });
    });

    it.each(['12345678', ' 12345678 ', '05414828'])('%j is valid', (raw) => {
      expect(describeDniInput(raw)).toEqual({ kind: 'valid' });
    });

    it.each([
      ['123456785', '12345678'],
      ['12345678K', '12345678'],
      ['12345678k', '12345678'],
      ['12345678-K', '12345678'],
      ['05414828-9', '05414828'],
      [' 12345678-5 ', '12345678'],
    ])('%j has a 9th check character; the DNI is %s', (raw, dni) => {
      expect(describeDniInput(raw)).toEqual({ kind: 'check-character', dni });
    });

    it.each([
      'abc',
      '1234567A',
      '1234567-8',
      '12345678-',
      '12345678--K',
      '12345678-KK',
      '1234567890',
      '12 345 678',
      '12345678 K',
      '12345678.K',
    ])('%j is invalid', (raw) => {
      expect(describeDniInput(raw)).toEqual({ kind: 'invalid' });
    });

    it('says "valid" exactly when isValidDni agrees on the trimmed text', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[\d\-Kk ]{0,11}$/), (raw) => {
          expect(describeDniInput(raw).kind === 'valid').toBe(isValidDni(raw.trim()));
        }),
        PROPERTY,
      );
    });
  });
});

describe('funding code', () => {
  describe('isValidFundingCode', () => {
    it.each(['ABC123', '000000', 'ZZZZZZ', 'A1B2C3'])('%s is valid', (code) => {
      expect(isValidFundingCode(code)).toBe(true);
    });

    it.each([
      ['lower case', 'abc123'],
      ['5 characters', 'ABC12'],
      ['7 characters', 'ABC1234'],
      ['a space', 'ABC 12'],
      ['a dash', 'ABC-12'],
      ['an accented letter', 'ÁBC123'],
      ['Ñ', 'ÑBC123'],
      ['empty', ''],
    ])('%s is refused', (_label, code) => {
      expect(isValidFundingCode(code)).toBe(false);
    });
  });

  describe('normalizeFundingCode', () => {
    it.each([
      ['ab c12-3', 'ABC123'],
      ['abc123', 'ABC123'],
      ['ABC123', 'ABC123'],
      ['  abc-123\n', 'ABC123'],
      ['a\tb c-1-2 3', 'ABC123'],
      ['', ''],
    ])('turns %j into %j', (raw, code) => {
      expect(normalizeFundingCode(raw)).toBe(code);
    });

    it('keeps what it cannot fix, so validation still refuses it', () => {
      expect(normalizeFundingCode('abc12.3')).toBe('ABC12.3');
      expect(isValidFundingCode(normalizeFundingCode('abc12.3'))).toBe(false);
      expect(isValidFundingCode(normalizeFundingCode('abc12'))).toBe(false);
    });

    it('any valid code survives lower-casing, spaces and dashes', () => {
      const code = fc.stringMatching(/^[A-Z0-9]{6}$/);
      const noise = fc.array(fc.constantFrom(' ', '-', '\t'), { maxLength: 6 });
      fc.assert(
        fc.property(code, noise, fc.boolean(), (c, separators, lower) => {
          const typed = [...c]
            .map((ch, i) => `${separators[i] ?? ''}${lower ? ch.toLowerCase() : ch}`)
            .join('');
          expect(normalizeFundingCode(typed)).toBe(c);
          expect(isValidFundingCode(normalizeFundingCode(typed))).toBe(true);
        }),
        PROPERTY,
      );
    });

    it('is idempotent', () => {
      fc.assert(
        fc.property(fc.string(), (raw) => {
          const once = normalizeFundingCode(raw);
          expect(normalizeFundingCode(once)).toBe(once);
        }),
        PROPERTY,
      );
    });
  });
});

describe('identityField', () => {
  it('puts a DNI under "dni" and nothing else', () => {
    expect(identityField({ kind: 'dni', value: '12345678' })).toEqual({ dni: '12345678' });
  });

  it('puts a RUC under "ruc" and nothing else', () => {
    expect(identityField({ kind: 'ruc', value: '20100070970' })).toEqual({ ruc: '20100070970' });
  });
});

describe('funding code normalization is ASCII only', () => {
  it('does not turn non-ASCII letters into a valid-looking code', () => {
    const code = normalizeFundingCode('ıabcde');
    expect(code).toBe('ıABCDE');
    expect(isValidFundingCode(code)).toBe(false);
  });
});
