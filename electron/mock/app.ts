// The mock backend: every endpoint of the service's catalogue (shared/api/endpoints.ts) in memory,
// with the trainer controls. The app uses it in process (Fastify `inject`, no socket) in training
// mode; `npm run mock` serves it.
import Fastify, { type FastifyInstance } from 'fastify';
import type { RequestLogEntry } from '../../shared/api/sandbox';
import { builtInAreas } from './areas';
import { answerFrameworkError, installErrorHandling } from './http/errors';
import { registerInStoreRoutes } from './in-store/routes';
import { registerSandboxRoutes } from './sandbox/routes';
import { installSandboxHooks, logUnrouted } from './sandbox/sandbox-hooks';
import { createContext, createState, type MockContext } from './state';
import { registerTrainerRoutes } from './trainer/routes';
import { seedScenarios } from './trainer/scenarios';
import { seedTestIdentities } from './trainer/test-identities';
import type { WebhookDeliveryOptions } from './webhooks/dispatcher';

export type MockOptions = {
  token?: string;
  clientId?: string;
  secretToken?: string;
  /** Freezes the mock's clock at this instant (ISO 8601); real time otherwise. */
  now?: string;
  /** The address the mock is reached at, for URLs it hands out (redirect_to, magic links). */
  baseUrl?: string;
  logger?: boolean;
  /** Largest request body accepted; larger ones answer 400 "Request body too large". */
  bodyLimit?: number;
  /** The `whsec_…` secret that signs callbacks; derived from the credentials when absent. */
  webhookSecret?: string;
  /** Callback delivery: fetch, timeout, attempts, backoff (tests inject fast fakes). */
  webhooks?: Partial<WebhookDeliveryOptions>;
  /** Called with every request-log entry (`npm run mock -- --log` prints them). */
  onRequestLogged?: (entry: RequestLogEntry) => void;
};

export const MOCK_DEFAULTS = {
  token: 'mock-token',
  clientId: 'mock-client',
  secretToken: 'mock-secret',
} as const;

/** Lets the other areas (orders, vouchers, connector…) plug in their routes and reset logic. */
export type MockArea = {
  register(app: FastifyInstance, context: MockContext): void;
  /** Called after every reset, with the fresh state in place. */
  seed?(context: MockContext): void;
};

const areas: MockArea[] = [];

export function addMockArea(area: MockArea): void {
  areas.push(area);
}

// Registered here rather than by a side-effect import: areas.ts is evaluated before this module's
// `areas` array exists, so it hands over its list instead of calling addMockArea itself.
for (const area of builtInAreas) addMockArea(area);

export type MockApp = FastifyInstance & { mockContext: MockContext };

const noSchemas = () => () => {
  throw new Error('the mock validates with zod: Fastify route schemas are not supported');
};

export async function createMockApp(options: MockOptions = {}): Promise<MockApp> {
  const context = createContext(
    {
      token: options.token ?? MOCK_DEFAULTS.token,
      clientId: options.clientId ?? MOCK_DEFAULTS.clientId,
      secretToken: options.secretToken ?? MOCK_DEFAULTS.secretToken,
    },
    options.baseUrl ?? 'http://127.0.0.1',
    options.now ? new Date(options.now) : undefined,
    {
      ...(options.webhookSecret !== undefined ? { secret: options.webhookSecret } : {}),
      ...(options.webhooks ? { delivery: options.webhooks } : {}),
    },
    options.onRequestLogged,
  );
  const reset = () => {
    context.state = createState();
    context.testState = createState();
    context.faults.clear();
    const now = context.clock.now();
    seedScenarios(context.state, now);
    seedTestIdentities(context.testState, now);
    for (const area of areas) area.seed?.(context);
  };

  const app = Fastify({
    logger: options.logger ?? false,
    // Every request is checked with zod (shared/api); no route has a Fastify JSON schema. Without
    // these factories Fastify loads Ajv and fast-json-stringify at construction, for nothing:
    // about a tenth of browser mode's start, which builds a training mock every time (bench/).
    schemaController: {
      compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas },
    },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // A call held by a timeout or latency fault must not keep a stopping sandbox open.
    forceCloseConnections: true,
    // Keys named __proto__ or constructor in a body are refused by the parser, not merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Bad URL encodings and over-long path parameters answer documented 400s (http/errors.ts).
    frameworkErrors: (error, request, reply) => {
      const answered = answerFrameworkError(error, request, reply);
      logUnrouted(context, request, answered.statusCode);
      return answered;
    },
    // `req_1`, `req_2`…: the X-Request-Id of each answer and the id in GET /__mock/requests.
    genReqId: () => context.requests.nextId(),
  });
  // Every body the service takes is JSON: a text/plain body would otherwise be read as a string
  // and answered with a misleading list of missing fields instead of the Content-Type error.
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);
  installSandboxHooks(app, context);
  registerSandboxRoutes(app, context);
  registerInStoreRoutes(app, context);
  registerTrainerRoutes(app, context, reset);
  for (const area of areas) area.register(app, context);
  reset();
  const mock: MockApp = Object.assign(app, { mockContext: context });
  await mock.ready();
  return mock;
}
