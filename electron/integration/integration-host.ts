// Semi-integrated mode in one piece for a backend: the sale requests (journal), their callbacks,
// the routes, and the loopback listener, started and stopped as the settings say. The key comes
// from MOSTRADOR_INTEGRATION_KEY (kiosks, tests) or from a supervisor in Settings; a key kept
// in memory only lets the training screen send a till sale through the very same routes.
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { Vault } from '../vault/vault';
import { type ApiAnswer, createApiRoutes } from './api-routes';
import { type ApiServer, listenApi } from './api-server';
import { type CallbackOptions, createCallbacks } from './callbacks';
import {
  bearerMatches,
  ENV_KEY,
  hashKey,
  MIN_ENV_KEY_LENGTH,
  newIntegrationKey,
  webhookSecretFor,
} from './integration-key';
import { buildIntegrationOpenApi } from './openapi';
import { createSaleRequests, type SaleRequests } from './sale-requests';

export type IntegrationHostOptions = {
  journal: Journal;
  settings: SettingsStore;
  logger: Logger;
  /** Where the callbacks' signing secret of a Settings-made key is kept (never settings.json). */
  secretVault: Vault;
  /** MOSTRADOR_INTEGRATION_KEY, when set. */
  envKey?: string | undefined;
  /** `--integration-port N` (0: any free port); else the settings' port. */
  port?: number | undefined;
  callbacks?: Partial<Omit<CallbackOptions, 'journal' | 'logger' | 'secret'>>;
};

export type IntegrationStatus = {
  enabled: boolean;
  source: 'env' | 'settings' | 'off';
  port: number;
  url: string | null;
  key_set: boolean;
  problem: string | null;
};

export type IntegrationHost = {
  saleRequests: SaleRequests;
  status(): IntegrationStatus;
  /** Starts or stops the listener to match the settings (after a supervisor changed them). */
  apply(): Promise<void>;
  /** A new key: its hash replaces the old one at once. The key is returned once, never kept. */
  rotateKey(): Promise<{ key: string; webhook_secret: string }>;
  /** The training screen's till: the same routes, with the in-memory key. */
  send(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  close(): Promise<void>;
};

export async function openIntegrationHost(
  options: IntegrationHostOptions,
): Promise<IntegrationHost> {
  const { settings, logger } = options;
  const envKey =
    options.envKey && options.envKey.length >= MIN_ENV_KEY_LENGTH ? options.envKey : null;
  if (options.envKey && !envKey) {
    logger.warn(`${ENV_KEY} ignored: it must be at least ${MIN_ENV_KEY_LENGTH} characters`);
  }
  logger.protect(envKey);
  let storedSecret: string | null = null;
  try {
    storedSecret = await options.secretVault.get();
  } catch {
    logger.warn('the integration callback secret could not be read; make a new key');
  }
  const trainerKey = newIntegrationKey();
  const callbacks = createCallbacks({
    ...options.callbacks,
    journal: options.journal,
    logger,
    secret: () => (envKey ? webhookSecretFor(envKey) : storedSecret),
  });
  const saleRequests = createSaleRequests({ ...options, callbacks });
  let server: ApiServer | null = null;
  let problem: string | null = null;

  const port = () => options.port ?? settings.get().integration.port;
  const enabled = () => envKey !== null || (settings.get().integration.enabled && keySet());
  const keySet = () => envKey !== null || settings.get().integration.key_hash !== null;
  const tillHashes = () => {
    const stored = settings.get().integration.key_hash;
    return [...(envKey ? [hashKey(envKey)] : []), ...(stored ? [stored] : [])];
  };
  const openApi = () =>
    buildIntegrationOpenApi(server ? server.url.replace(/\/$/, '') : `http://127.0.0.1:${port()}`);
  const routes = createApiRoutes({ saleRequests, keyHashes: tillHashes, openApi });
  const trainerRoutes = createApiRoutes({
    saleRequests,
    keyHashes: () => [hashKey(trainerKey)],
    openApi,
  });

  const apply = async () => {
    const wanted = enabled();
    if (server && (!wanted || (options.port === undefined && server.port !== port()))) {
      await server.close();
      server = null;
    }
    if (!wanted || server) return;
    try {
      server = await listenApi({
        port: port(),
        handle: routes,
        authenticate: (headers) => bearerMatches(headers.authorization, tillHashes()),
        logger,
      });
      problem = null;
      logger.info('integration API listening', { url: server.url });
    } catch (error) {
      problem = `port ${port()} could not be opened`;
      logger.error('integration API not started', { port: port(), error });
    }
  };

  await saleRequests.start();
  await apply();

  return {
    saleRequests,
    status: () => ({
      enabled: server !== null,
      source: envKey ? 'env' : enabled() ? 'settings' : 'off',
      port: server?.port ?? port(),
      url: server?.url ?? null,
      key_set: keySet(),
      problem,
    }),
    apply,
    async rotateKey() {
      const key = newIntegrationKey();
      const webhook_secret = webhookSecretFor(key);
      await options.secretVault.set(webhook_secret);
      storedSecret = webhook_secret;
      await settings.update({
        integration: { ...settings.get().integration, key_hash: hashKey(key) },
      });
      return { key, webhook_secret };
    },
    send: (method, path, body) =>
      trainerRoutes({
        method,
        url: path,
        headers: {
          authorization: `Bearer ${trainerKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? '' : JSON.stringify(body),
        signal: new AbortController().signal,
      }),
    async close() {
      await server?.close();
      server = null;
      await saleRequests.close();
    },
  };
}
