// HTTP binding of the embeddable HTML fragments.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AddOnParams, htmlEndpoints as ep } from '../../../shared/api/html';
import { fieldFormatError, ORDERS } from '../../../shared/api/messages';
import { type Cents, MAX_CENTS } from '../../../shared/domain/money';
import { sameSecret } from '../http/auth';
import { routePath } from '../http/route-path';
import type { MockArea } from '../mock-area';
import { serviceUrl } from '../service-url';
import type { MockContext } from '../state';
import { addOnHtml } from './add-on';
import { FRAGMENT_HEADERS } from './fragment-style';
import { infoStepsHtml } from './info-steps';

/** Decision: the add-on's 401 body, "an unauthorized detail". */
export const ADD_ON_UNAUTHORIZED = { detail: 'Unauthorized' } as const;

/** The path's amount in cents, or null when it is not a 2-decimal amount Mostrador can carry. */
function amountCents(text: string): Cents | null {
  if (!AddOnParams.safeParse({ amount: text }).success) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null;
}

function registerHtmlRoutes(app: FastifyInstance, context: MockContext): void {
  const { clientId } = context.credentials;
  const infoUrl = () =>
    serviceUrl(context.baseUrl, `/pos/${encodeURIComponent(clientId)}/info-steps`);
  const html = (reply: FastifyReply, body: string) => reply.headers(FRAGMENT_HEADERS).send(body);

  const requireClientId = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers.client_id;
    if (!sameSecret(typeof given === 'string' ? given : undefined, clientId)) {
      return reply.status(401).send(ADD_ON_UNAUTHORIZED);
    }
  };

  app.get<{ Params: { amount: string } }>(
    routePath(ep.financingAddOn.path),
    { onRequest: requireClientId },
    async (request, reply) => {
      const amount = amountCents(request.params.amount);
      if (amount === null) return reply.status(400).send({ amount: fieldFormatError('amount') });
      return html(reply, addOnHtml(amount, context.state.merchant, infoUrl()));
    },
  );

  app.get<{ Params: { client_id: string } }>(
    routePath(ep.infoSteps.path),
    async (request, reply) => {
      if (request.params.client_id !== clientId) {
        return reply.status(404).send({ error: ORDERS.clientNotRegistered });
      }
      // Decision: the how-it-works link points at the service's public page, not served by the mock.
      const howItWorks = serviceUrl(context.baseUrl, '/how-it-works', { client: clientId });
      return html(reply, infoStepsHtml(context.state.merchant, howItWorks));
    },
  );
}

export const htmlArea: MockArea = { register: registerHtmlRoutes };
