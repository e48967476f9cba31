// Every failure the HTTP layer can meet becomes a documented 4xx shape: a sandbox that answers
// 5xx or Fastify's own error format to bad input would teach integrators the wrong contract.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST } from '../../../shared/api/messages';
import { REQUEST_ID_HEADER } from '../../../shared/api/sandbox';

/** How a route reports problems found before its handler runs (parse errors, size). */
export type ErrorStyle = 'json' | 'text';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorStyle?: ErrorStyle;
  }
}

const PARSER_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: REQUEST.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: REQUEST.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: REQUEST.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: REQUEST.malformedJson,
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error.code ? PARSER_ERRORS[error.code] : undefined;
    const isJsonSyntax = error instanceof SyntaxError;
    const clientError = typeof error.statusCode === 'number' && error.statusCode < 500;
    const message =
      known ?? (isJsonSyntax ? REQUEST.malformedJson : clientError ? error.message : null);
    if (message === null) {
      request.log.error({ err: error }, 'mock handler failed');
      return reply.status(500).send({ error: 'Internal mock error' });
    }
    const style = request.routeOptions.config?.errorStyle ?? 'json';
    return style === 'text'
      ? reply.status(400).type('text/plain; charset=utf-8').send(message)
      : reply.status(400).send({ error: message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/**
 * Fastify's router answers a malformed percent-encoding in the path, or a path parameter past
 * its length limit, by itself — before any route or error handler — with its own body
 * (`{ error, code, message, statusCode }`, and a 414 for the length). Given to Fastify as
 * `frameworkErrors`, this answers them in the documented shapes instead: a 400 with `{ error }`,
 * or the voucher calls' plain text. Found by reliability/fuzz (mock endpoints).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // No hook runs for these: the request id the other answers get in onRequest is set here.
  reply.header(REQUEST_ID_HEADER, request.id);
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL';
  // No route matched, so no errorStyle to read: the voucher calls are known by their path.
  return (request.raw.url ?? '').startsWith('/vouchers/')
    ? reply.status(400).type('text/plain; charset=utf-8').send(message)
    : reply.status(400).send({ error: message });
}
