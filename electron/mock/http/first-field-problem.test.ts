import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkFields } from './first-field-problem';

const Body = z.strictObject({
  a: z.number(),
  b: z.string().optional(),
  c: z.string(),
  d: z.array(z.string()).optional(),
});

describe('checkFields', () => {
  it('names the first problem in the order of the shape, not of the input', () => {
    expect(checkFields(Body, { c: 5 })).toEqual({
      ok: false,
      problem: { field: 'a', kind: 'required' },
    });
    expect(checkFields(Body, { a: 1, b: 2 })).toEqual({
      ok: false,
      problem: { field: 'b', kind: 'invalid' },
    });
    expect(checkFields(Body, { a: 1 })).toEqual({
      ok: false,
      problem: { field: 'c', kind: 'required' },
    });
  });

  it('names an unknown field after the known ones', () => {
    expect(checkFields(Body, { zz: 1, a: 1, c: 'x' })).toEqual({
      ok: false,
      problem: { field: 'zz', kind: 'invalid' },
    });
  });

  it('reads null as absent', () => {
    expect(checkFields(Body, { a: null, c: 'x' })).toMatchObject({
      problem: { field: 'a', kind: 'required' },
    });
    expect(checkFields(Body, { a: 1, b: null, c: 'x' })).toEqual({
      ok: true,
      value: { a: 1, c: 'x' },
    });
  });

  it('makes an optional field required on demand, an empty list counting as missing', () => {
    const alsoRequired = new Set(['d']);
    expect(checkFields(Body, { a: 1, c: 'x' }, { alsoRequired })).toMatchObject({
      problem: { field: 'd', kind: 'required' },
    });
    expect(checkFields(Body, { a: 1, c: 'x', d: [] }, { alsoRequired })).toMatchObject({
      problem: { field: 'd', kind: 'required' },
    });
    expect(checkFields(Body, { a: 1, c: 'x', d: ['y'] }, { alsoRequired }).ok).toBe(true);
  });

  it('reports an object-level rule on the field it points at', () => {
    const Pair = z
      .strictObject({ from: z.number(), to: z.number() })
      .refine((p) => p.from < p.to, { path: ['to'] });
    expect(checkFields(Pair, { from: 2, to: 1 })).toEqual({
      ok: false,
      problem: { field: 'to', kind: 'invalid' },
    });
  });
});
