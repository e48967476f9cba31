// The mock backend: every endpoint of the service's catalogue (shared/api/endpoints.ts) in memory,
// with the trainer controls. The app uses it in process (Fastify `inject`, no socket) in training
// mode; `npm run mock` serves it.
import Fastify, { type FastifyInstance } from 'fastify';
import type { RequestLogEntry } from '../../shared/api/sandbox';
import { MOCK_AREAS } from './areas';
import { answerFrameworkError, installErrorHandling } from './http/errors';
import { installSandboxHooks, logUnrouted } from './sandbox/sandbox-hooks';
import { createContext, createState, type MockContext } from './state';
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
    for (const area of MOCK_AREAS) area.seed?.(context);
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
  // Every route comes from an area, registered one way (areas.ts).
  for (const area of MOCK_AREAS) area.register(app, context, reset);
  reset();
  const mock: MockApp = Object.assign(app, { mockContext: context });
  await mock.ready();
  return mock;
}
