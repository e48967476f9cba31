// Fuzzing the bridge through `dispatch`, one shard of the targets per worker process: each bridge
// method with 10,000 arbitrary arguments (hostile JSON, and valid arguments with one thing
// broken), plus arbitrary method names and arbitrary callers. Checked each time: dispatch never
// throws, the answer is the contract's envelope, a refusal is a typed code with a message and
// never `internal` (a handler that threw), and Object.prototype stays clean.
import fc from 'fast-check';
import { z } from 'zod';
import { dispatch } from '../../electron/ipc/dispatch';
import { createMockApp } from '../../electron/mock/app';
import { BridgeError, bridgeMethods, bridgeResponse, isBridgeMethod } from '../../shared/bridge';
import { describeFailure } from '../support/fc-failure';
import { CALLER, type FuzzBackend, NOW, openFuzzBackend, validSamples } from './fuzz-backend';
import { HOSTILE_STRINGS, hostileJson, nearly, prototypeClean } from './hostile-values';

export const METHOD_NAMES = '(arbitrary method names)';
export const CALLERS = '(arbitrary callers)';
export const bridgeTargets = (): string[] => [...Object.keys(bridgeMethods), METHOD_NAMES, CALLERS];

export type BridgeTargetResult = {
  target: string;
  cases: number;
  /** Answers by `ok` or error code: how many cases got past the contract. */
  answers: Record<string, number>;
  failure: string | null;
};

const envelopes = new Map<string, z.ZodType>();
/** The contract's envelope of a method's answer (built once: zod schemas are costly to make). */
function envelopeOf(method: string): z.ZodType {
  const key = isBridgeMethod(method) ? method : '(unknown)';
  let schema = envelopes.get(key);
  if (!schema) {
    const result = isBridgeMethod(method) ? bridgeMethods[method].result : z.never();
    schema = bridgeResponse(result as z.ZodType);
    envelopes.set(key, schema);
  }
  return schema;
}

/** The answer is the envelope of the contract, and a refusal says what and why. */
function checkEnvelope(method: string, answer: unknown, answers: Record<string, number>) {
  const parsed = envelopeOf(method).safeParse(answer);
  if (!parsed.success)
    throw new Error(`${method}: outside the envelope: ${JSON.stringify(answer)}`);
  const envelope = parsed.data as { ok: boolean; error?: BridgeError };
  const key = envelope.ok ? 'ok' : (envelope.error?.code ?? '?');
  answers[key] = (answers[key] ?? 0) + 1;
  if (!envelope.ok) {
    const error = BridgeError.parse(envelope.error);
    if (error.code === 'internal') throw new Error(`${method}: internal error (a handler threw)`);
    if (error.message.trim() === '') throw new Error(`${method}: ${error.code} without a message`);
    if (
      error.message === 'The arguments do not match the contract.' &&
      Object.keys(error.issues ?? {}).length === 0
    ) {
      throw new Error(`${method}: bad-arguments without the arguments at fault`);
    }
  }
  if (!prototypeClean()) throw new Error(`${method}: Object.prototype was polluted`);
}

/** A property of one argument (a tuple where the cases need several), so every target has one type. */
type Property = fc.IAsyncPropertyWithHooks<[unknown]>;

function propertyFor(target: string, fuzz: FuzzBackend, answers: Record<string, number>): Property {
  const table = fuzz.backend.table;
  const samples: Record<string, unknown> = validSamples(fuzz.ids);
  const methods = Object.keys(bridgeMethods);
  if (target === METHOD_NAMES) {
    // Near misses of real names (a space, another case, a NUL, a slash) and anything else.
    const nearMiss = fc
      .tuple(fc.constantFrom(...methods), fc.constantFrom(' ', 'upper', '\u0000', '/'))
      .map(([m, how]) => (how === 'upper' ? m.toUpperCase() : `${m}${how}`));
    const names = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...HOSTILE_STRINGS, 'hasOwnProperty', 'valueOf', '__defineGetter__'),
      nearMiss,
      fc.jsonValue({ maxDepth: 1 }),
    );
    const cases: fc.Arbitrary<unknown> = fc.tuple(names, hostileJson());
    return fc.asyncProperty(cases, async (pair) => {
      const [name, value] = pair as [unknown, unknown];
      const answer = await dispatch(table, name, value, CALLER);
      if (typeof name === 'string' && isBridgeMethod(name)) {
        return checkEnvelope(name, answer, answers);
      }
      const refused = answer as { ok: boolean; error?: { code?: string } };
      if (refused.ok || refused.error?.code !== 'unknown-method') {
        throw new Error(`method ${JSON.stringify(name)} answered ${JSON.stringify(answer)}`);
      }
      checkEnvelope('(unknown)', answer, answers);
    });
  }
  if (target === CALLERS) {
    const cases: fc.Arbitrary<unknown> = fc.tuple(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(...methods),
    );
    return fc.asyncProperty(cases, async (pair) => {
      const [caller, method] = pair as [unknown, string];
      const answer = await dispatch(table, method, samples[method] ?? {}, caller as never);
      const verified = (caller as { verified?: unknown } | null)?.verified === true;
      const code = (answer as { error?: { code?: string } }).error?.code;
      if (!verified && code !== 'forbidden') {
        throw new Error(`caller ${JSON.stringify(caller)} not refused: ${JSON.stringify(answer)}`);
      }
      checkEnvelope(method, answer, answers);
    });
  }
  const args: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 4, arbitrary: nearly(samples[target] ?? {}) },
    { weight: 3, arbitrary: hostileJson() },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, [], '', 0, true) },
  );
  return fc.asyncProperty(args, async (value) => {
    checkEnvelope(target, await dispatch(table, target, value, CALLER), answers);
  });
}

export async function fuzzBridgeShard(options: {
  shard: number;
  of: number;
  seed: number;
  cases: number;
}): Promise<BridgeTargetResult[]> {
  const mock = await createMockApp({ now: NOW });
  const results: BridgeTargetResult[] = [];
  try {
    for (const [index, target] of bridgeTargets().entries()) {
      if (index % options.of !== options.shard) continue;
      // Each target starts from the same terminal: fresh data dir, shift open, PIN set, no
      // lockout, no fault armed, one sale journaled.
      const fuzz = await openFuzzBackend(mock);
      const answers: Record<string, number> = {};
      try {
        const details = await fc.check(propertyFor(target, fuzz, answers), {
          numRuns: options.cases,
          seed: options.seed + index,
        });
        results.push({
          target,
          cases: details.numRuns,
          answers,
          failure: details.failed ? describeFailure(details) : null,
        });
      } finally {
        await fuzz.backend.table.whenIdle();
        await fuzz.close();
      }
    }
  } finally {
    await mock.close();
  }
  return results;
}
