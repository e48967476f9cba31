// The bridge between the renderer and the main process: method name → zod schema of its
// arguments and of its result. Electron IPC, browser mode's loopback HTTP and unit tests all
// carry this same table to the same handlers (electron/ipc/). The counter's methods are in
// counter-contract.ts, apart from the store close's and head office's, so the renderer's first
// chunk does not carry their schemas.
import type { z } from 'zod';
import { counterBridgeMethods } from './counter-contract';
import { headOfficeMethods } from './head-office';
import { storeCloseMethods } from './store-close';

export * from './counter-contract';

export const bridgeMethods = {
  ...counterBridgeMethods,
  ...storeCloseMethods,
  ...headOfficeMethods,
} as const;

export type BridgeMethods = typeof bridgeMethods;
export type BridgeMethod = keyof BridgeMethods;
export type BridgeArgs<M extends BridgeMethod> = z.input<BridgeMethods[M]['args']>;
export type BridgeResult<M extends BridgeMethod> = z.infer<BridgeMethods[M]['result']>;

/**
 * The valid arguments a method's entry may carry as its `example` (`'v2.daySummary'`): the call
 * the bridge fuzz starts from before it breaks it (reliability/fuzz/fuzz-backend.ts), so a new
 * method needs no sample written there. `contract.test.ts` parses each with its method's `args`.
 */
export function bridgeExamples(): Partial<Record<BridgeMethod, unknown>> {
  const examples: Partial<Record<BridgeMethod, unknown>> = {};
  for (const [method, spec] of Object.entries(bridgeMethods)) {
    if ('example' in spec) examples[method as BridgeMethod] = spec.example;
  }
  return examples;
}

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && Object.hasOwn(bridgeMethods, name);
}
