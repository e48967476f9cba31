// Every failure the HTTP layer can meet becomes a documented 4xx shape: a sandbox that answers
// 5xx or Fastify's own error format to bad input would teach integrators the wrong contract.
import type { FastifyError, FastifyInstance } from 'fastify';
import { REQUEST } from '../../../shared/api/messages';

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
