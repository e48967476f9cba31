// Credentials are checked in onRequest, before the body is even parsed, because the service
// checks the token first: a bad token with a bad body answers 401, not 400.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IN_STORE } from '../../../shared/api/messages';
import type { MockContext } from '../state';

export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/.exec(header) : null;
  return match?.[1];
}

/** `Authorization: Bearer <token>`: in-store, orders, limits, refunds and the trainer controls. */
export function requireBearer(context: MockContext, message: string = IN_STORE.wrongToken) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!sameSecret(bearerOf(request), context.credentials.token)) {
      return reply.status(401).send({ error: message });
    }
  };
}
