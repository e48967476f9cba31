// Cancel and confirm take no body, yet clients often send `Content-Type: application/json` with
// nothing after it, which Fastify's parser refuses. Inside the scope this is applied to, an empty
// JSON body is read as no body; anything else goes through the default (poisoning-safe) parser.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBody(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parse(request, text, done);
  });
}
