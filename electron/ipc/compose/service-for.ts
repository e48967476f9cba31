// Which service each mode talks to. Training: the mock in process (Fastify inject, no socket),
// with the mock's own token, behind the fault switch; it never reads the vault and never
// reaches the network. Live: the configured base URL over fetch, with the vault's token read at
// each call (so a new token takes effect at once and none is held in a field).
import type { Mode } from '../../../shared/bridge';
import type { Logger } from '../../log/logger';
import { checkBaseUrl } from '../../service/base-url';
import { createServiceClient, type ServiceClient } from '../../service/service-client';
import {
  createInjectTransport,
  fetchTransport,
  type Injectable,
  type Transport,
} from '../../service/transports';
import type { SettingsStore } from '../../settings/settings-store';
import type { Vault } from '../../vault/vault';
import type { ServiceFor } from '../deps';
import type { FaultInjector } from './fault-transport';

/** Any loopback origin: inject ignores it, and checkBaseUrl accepts it. */
const TRAINING_BASE_URL = 'http://127.0.0.1';

export type ServiceForOptions = {
  settings: SettingsStore;
  vault: Vault;
  logger: Logger;
  training: {
    app: Injectable;
    token: string;
    /** The mock's client id: the add-on's `Client_id` in training. */
    clientId: string;
    faults?: FaultInjector;
    timeoutMs?: number;
  };
  live?: { transport?: Transport; timeoutMs?: number };
};

export function createServiceFor(options: ServiceForOptions): ServiceFor {
  const { settings, vault, training } = options;
  const injected = createInjectTransport(training.app);
  const trainingClient = createServiceClient({
    baseUrl: TRAINING_BASE_URL,
    credentials: { bearerToken: () => training.token, clientId: () => training.clientId },
    transport: training.faults ? training.faults.wrap(injected) : injected,
    mockControls: true,
    ...(training.timeoutMs === undefined ? {} : { timeoutMs: training.timeoutMs }),
  });

  let live: { baseUrl: string; client: ServiceClient } | null = null;

  return async (mode: Mode) => {
    // Settings that could not be read prove no address: nothing is sent (issue 19).
    if (settings.attention) return null;
    if (mode === 'training') return trainingClient;
    const { base_url: baseUrl } = settings.get();
    if (baseUrl === null || !checkBaseUrl(baseUrl).ok) return null;
    if (!(await vault.status()).configured) return null;
    if (live?.baseUrl !== baseUrl) live = { baseUrl, client: createLiveClient(options, baseUrl) };
    return live.client;
  };
}

/**
 * A live client for `baseUrl` (already checked with checkBaseUrl) with the vault's token, read
 * at each call. Settings' "Test connection" uses it for an address not saved yet.
 */
export function createLiveClient(
  options: Pick<ServiceForOptions, 'settings' | 'vault' | 'logger' | 'live'>,
  baseUrl: string,
): ServiceClient {
  const { settings, vault, logger } = options;
  return createServiceClient({
    baseUrl,
    credentials: {
      bearerToken: async () => {
        const token = await vault.get();
        logger.protect(token);
        return token;
      },
      // Read at each call, like the token: a supervisor's change takes effect at once.
      clientId: () => settings.get().pos_client_id,
    },
    transport: options.live?.transport ?? fetchTransport,
    ...(options.live?.timeoutMs === undefined ? {} : { timeoutMs: options.live.timeoutMs }),
  });
}
