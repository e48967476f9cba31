// Every bridge method is fuzzed from a valid sample (its contract entry's `example`, or one of
// reliability/fuzz/fuzz-backend.ts) or, on purpose, from `{}`: a new method with none of them
// would be fuzzed from nothing meaningful without anyone deciding it.
import { expect, it } from 'vitest';
import { bridgeMethods } from '../../shared/bridge/contract';
import { STARTS_FROM_EMPTY, validSamples } from './fuzz-backend';

it('starts every bridge method from a sample or, on purpose, from STARTS_FROM_EMPTY', () => {
  const samples = validSamples({ verify: 'v', info: 'i', billed: 'b' });
  const undecided = Object.keys(bridgeMethods).filter(
    (method) => !(method in samples) && !(STARTS_FROM_EMPTY as readonly string[]).includes(method),
  );
  expect(
    undecided,
    'give each an `example` on its contract entry (shared/bridge/), or a sample or a place in STARTS_FROM_EMPTY in reliability/fuzz/fuzz-backend.ts',
  ).toEqual([]);
  const both = STARTS_FROM_EMPTY.filter((method) => method in samples);
  expect(both, 'a method is in both lists of reliability/fuzz/fuzz-backend.ts').toEqual([]);
});
