// Serves the sandbox's documentation: GET /openapi.json and the browsable GET /docs. Neither
// needs credentials: they say how to call the mock, not what is in it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MockArea } from '../mock-area';
import { buildOpenApiDocument } from './build-openapi-document';
import { DOCS_PATH, OPENAPI_JSON_PATH, renderDocsPage } from './docs-page';
import { chooseEncoding, type EncodedBody, encodeBody } from './encoded-body';
import type { OpenApiDocument } from './openapi-types';

// The page runs no script and loads nothing: a policy that forbids both costs nothing and keeps
// any text that escaped escaping inert.
const DOCS_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The document for the base URL the mock answers at. `npm run mock` learns its port only after
 *  listening and then updates that URL, so the document is built on request and kept per URL. */
function documentCache() {
  let cached:
    | { baseUrl: string; document: OpenApiDocument; json?: EncodedBody; page?: EncodedBody }
    | undefined;
  return (baseUrl: string) => {
    if (cached?.baseUrl !== baseUrl)
      cached = { baseUrl, document: buildOpenApiDocument({ baseUrl }) };
    return cached;
  };
}

export const openApiArea: MockArea = {
  register(app, context) {
    const current = documentCache();
    // Serialized and compressed once per base URL, then served as bytes from memory (the page
    // too): stringifying the whole document for every request made it the slowest thing the
    // mock served under load (issue 14's mixed-load p99; docs/decisions.md "The mock under load").
    const serve = (request: FastifyRequest, reply: FastifyReply, body: EncodedBody) => {
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'Accept-Encoding').header('etag', body.etags[encoding]);
      if (request.headers['if-none-match'] === body.etags[encoding]) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body.bodies[encoding]);
    };
    app.get(OPENAPI_JSON_PATH, async (request, reply) => {
      const entry = current(context.baseUrl);
      entry.json ??= encodeBody(JSON.stringify(entry.document));
      return serve(request, reply.type('application/json; charset=utf-8'), entry.json);
    });
    app.get(DOCS_PATH, async (request, reply) => {
      const entry = current(context.baseUrl);
      entry.page ??= encodeBody(renderDocsPage(entry.document));
      return serve(request, reply.headers(DOCS_HEADERS), entry.page);
    });
  },
};
