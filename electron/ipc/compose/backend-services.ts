// The service clients a backend's handlers call (service-for.ts): training's mock behind the
// fault switch, live's configured address with the host's transport and timeout, and a live
// client for an address being tried before it is saved.
import type { Logger } from '../../log/logger';
import type { MockApp } from '../../mock/app';
import type { SettingsStore } from '../../settings/settings-store';
import type { HandlerDeps, ServiceFor } from '../deps';
import type { BackendOptions } from './backend-types';
import { createFaultInjector, type FaultInjector } from './fault-transport';
import { createLiveClient, createServiceFor } from './service-for';

export type BackendServices = {
  faults: FaultInjector;
  serviceFor: ServiceFor;
  liveClientFor: HandlerDeps['liveClientFor'];
};

export function backendServices(parts: {
  options: BackendOptions;
  settings: SettingsStore;
  logger: Logger;
  trainingApp: MockApp;
}): BackendServices {
  const { options, settings, logger, trainingApp } = parts;
  const { vault } = options;
  const faults = createFaultInjector();
  const live = {
    ...(options.liveTransport ? { transport: options.liveTransport } : {}),
    ...(options.liveTimeoutMs === undefined ? {} : { timeoutMs: options.liveTimeoutMs }),
  };
  const serviceFor = createServiceFor({
    settings,
    vault,
    logger,
    training: {
      app: trainingApp,
      token: trainingApp.mockContext.credentials.token,
      clientId: trainingApp.mockContext.credentials.clientId,
      faults,
      ...(options.trainingTimeoutMs === undefined ? {} : { timeoutMs: options.trainingTimeoutMs }),
    },
    live,
  });
  return {
    faults,
    serviceFor,
    liveClientFor: (baseUrl) => createLiveClient({ settings, vault, logger, live }, baseUrl),
  };
}
