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

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && Object.hasOwn(bridgeMethods, name);
}
