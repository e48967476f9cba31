// The connector authenticates with two headers, `client_id` and `secret_token`, checked before the
// body is read (docs/decisions.md "Connector": 401 Wrong or missing client credentials).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONNECTOR } from '../../../shared/api/messages';
import { sameSecret } from '../http/auth';
import type { MockContext } from '../state';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export function requireConnectorCredentials(context: MockContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { clientId, secretToken } = context.credentials;
    const clientOk = sameSecret(header(request, 'client_id'), clientId);
    const secretOk = sameSecret(header(request, 'secret_token'), secretToken);
    if (!clientOk || !secretOk) {
      return reply.status(401).send({ error: CONNECTOR.wrongCredentials });
    }
  };
}
