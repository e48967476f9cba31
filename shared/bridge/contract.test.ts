import { expect, it } from 'vitest';
import { type BridgeMethod, bridgeExamples, bridgeMethods } from './contract';

it("parses every method's `example` with the method's own args (shared/bridge/)", () => {
  const examples = Object.entries(bridgeExamples()) as [BridgeMethod, unknown][];
  expect(examples.length).toBeGreaterThan(0);
  for (const [method, example] of examples) {
    const parsed = bridgeMethods[method].args.safeParse(example);
    expect(parsed.error?.issues ?? [], `the example on '${method}'`).toEqual([]);
  }
});
