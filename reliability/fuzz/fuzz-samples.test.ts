// Every bridge method is fuzzed from a valid sample or, on purpose, from `{}`: a new method that is
// in neither list would be fuzzed from nothing meaningful without anyone deciding it.
import { expect, it } from 'vitest';
import { bridgeMethods } from '../../shared/bridge/contract';
import { STARTS_FROM_EMPTY, validSamples } from './fuzz-backend';

it('names every bridge method in validSamples or STARTS_FROM_EMPTY (reliability/fuzz/fuzz-backend.ts)', () => {
  const samples = validSamples({ verify: 'v', info: 'i', billed: 'b' });
  const undecided = Object.keys(bridgeMethods).filter(
    (method) => !(method in samples) && !(STARTS_FROM_EMPTY as readonly string[]).includes(method),
  );
  expect(
    undecided,
    'add each to validSamples or STARTS_FROM_EMPTY in reliability/fuzz/fuzz-backend.ts',
  ).toEqual([]);
  const both = STARTS_FROM_EMPTY.filter((method) => method in samples);
  expect(both, 'a method is in both lists of reliability/fuzz/fuzz-backend.ts').toEqual([]);
});
