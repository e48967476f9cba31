// Everything the mock remembers, in memory. Reset replaces it whole.

import type { RequestLogEntry } from '../../shared/api/sandbox';
import type { MerchantSettings } from '../../shared/api/trainer';
import { type Clock, createClock } from './clock';
import type { MockCredentials } from './credentials';
import { createIdSource, type IdSource } from './ids';
import type { Funding } from './in-store/funding';
import { defaultMerchant } from './merchant';
import { createFaultStore, type FaultStore } from './sandbox/fault-store';
import { createRequestLog, type RequestLog } from './sandbox/request-log';
import type { StateFileSink } from './sandbox/state-file';
import {
  createWebhookDispatcher,
  type WebhookDeliveryOptions,
  type WebhookDispatcher,
} from './webhooks/dispatcher';
import { deriveWebhookSecret } from './webhooks/secret';

export type MockState = {
  merchant: MerchantSettings;
  fundings: Map<string, Funding>;
  ids: IdSource;
  /** Room for the other areas (orders, vouchers, connector) to keep their records. */
  areas: Map<string, unknown>;
};

export function createState(): MockState {
  return {
    merchant: defaultMerchant(),
    fundings: new Map(),
    ids: createIdSource(),
    areas: new Map(),
  };
}

/** What every route gets: the live state (replaced on reset), the clock and the credentials. */
export type MockContext = {
  state: MockState;
  /** Separate records behind the `/mock/` test endpoints, seeded with documented identities. */
  testState: MockState;
  clock: Clock;
  credentials: MockCredentials;
  baseUrl: string;
  /** `whsec_…`: signs every callback (vouchers, connector); fixed for the mock's lifetime. */
  webhookSecret: string;
  /** Sends and logs the callbacks; survives reset (the log itself lives in `state`). */
  webhooks: WebhookDispatcher;
  /** The faults armed with POST /__mock/faults; reset clears them. */
  faults: FaultStore;
  /** The last requests answered; kept across resets (a reset is one of them). */
  requests: RequestLog;
  /** Set by `--state-file`: receives every call that changed state, to replay on start. */
  stateFile?: StateFileSink;
};

export type WebhookContextOptions = {
  secret?: string;
  delivery?: Partial<WebhookDeliveryOptions>;
};

export function createContext(
  credentials: MockCredentials,
  baseUrl: string,
  now?: Date,
  webhooks: WebhookContextOptions = {},
  onRequestLogged?: (entry: RequestLogEntry) => void,
): MockContext {
  const webhookSecret = webhooks.secret ?? deriveWebhookSecret(credentials);
  return {
    state: createState(),
    testState: createState(),
    clock: createClock(now),
    credentials,
    baseUrl,
    webhookSecret,
    webhooks: createWebhookDispatcher(webhookSecret, webhooks.delivery),
    faults: createFaultStore(),
    requests: createRequestLog(onRequestLogged),
  };
}

/** Per-area records, created on first use and dropped by reset. */
export function areaState<T>(state: MockState, area: string, create: () => T): T {
  let value = state.areas.get(area) as T | undefined;
  if (value === undefined) {
    value = create();
    state.areas.set(area, value);
  }
  return value;
}
