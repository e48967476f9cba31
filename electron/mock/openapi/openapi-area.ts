// Serves the sandbox's documentation: GET /openapi.json and the browsable GET /docs. Neither
// needs credentials: they say how to call the mock, not what is in it.
import type { MockArea } from '../mock-area';
import { buildOpenApiDocument } from './build-openapi-document';
import { DOCS_PATH, OPENAPI_JSON_PATH, renderDocsPage } from './docs-page';
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
    | { baseUrl: string; document: OpenApiDocument; json?: string; page?: string }
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
    // Serialized once per base URL: stringifying the whole document for every request made it
    // the slowest thing the mock served under load (issue 14's mixed-load p99).
    app.get(OPENAPI_JSON_PATH, async (_request, reply) => {
      const entry = current(context.baseUrl);
      entry.json ??= JSON.stringify(entry.document);
      return reply.type('application/json; charset=utf-8').send(entry.json);
    });
    app.get(DOCS_PATH, async (_request, reply) => {
      const entry = current(context.baseUrl);
      entry.page ??= renderDocsPage(entry.document);
      return reply.headers(DOCS_HEADERS).send(entry.page);
    });
  },
};
