// When the terminal needs attention (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)") its bridge
// answers every call but `app.info` with `needs-attention`: no sale, no PIN set over damaged
// settings, no token sent anywhere. The renderer shows the screen for the technician; `app.info`
// tells it where the data folder is. Both shells use this when the backend cannot open at all.
import { type AppInfo, type AttentionReason, bridgeMethods } from '../../../shared/bridge';
import type { Logger } from '../../log/logger';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerMap } from '../deps';
import { createFragmentStore } from '../handlers/fragment-store';
import type { HandlerTable } from './create-handlers';

const MESSAGES: Record<AttentionReason, string> = {
  'settings-damaged':
    'The settings file is damaged and its backup cannot be used: the terminal needs attention.',
  'settings-unwritable': 'The settings cannot be saved: the terminal needs attention.',
  'data-dir-unwritable': 'The data folder cannot be written: the terminal needs attention.',
  'start-failed': 'The terminal could not start: it needs attention.',
};

export function needsAttention(reason: AttentionReason): BridgeFailure {
  return new BridgeFailure('needs-attention', MESSAGES[reason], undefined, { attention: reason });
}

/** `methods` with every method but `app.info` answering `needs-attention` for `reason`. */
export function gateForAttention(methods: HandlerMap, reason: AttentionReason): HandlerMap {
  const refuse = async () => {
    throw needsAttention(reason);
  };
  const gated = Object.fromEntries(Object.keys(bridgeMethods).map((name) => [name, refuse]));
  return Object.freeze({ ...gated, 'app.info': methods['app.info'] }) as HandlerMap;
}

/** The whole bridge of a terminal whose backend could not open (its data folder, say). */
export function attentionTable(options: {
  reason: AttentionReason;
  appInfo: AppInfo;
  logger: Logger;
}): HandlerTable {
  const { appInfo } = options;
  const methods = { 'app.info': async () => appInfo } as unknown as HandlerMap;
  return {
    methods: gateForAttention(methods, options.reason),
    logger: options.logger,
    fragments: createFragmentStore(),
    resumeUnresolved: async () => [],
    whenIdle: async () => undefined,
    close: async () => undefined,
  };
}
