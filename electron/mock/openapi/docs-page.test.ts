import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './build-openapi-document';
import { renderDocsPage } from './docs-page';
import type { OpenApiDocument } from './openapi-types';

const EVIL = '<script>alert("x")</script>';

/** A document whose every text a renderer could print carries markup. */
const hostile: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: `Title ${EVIL}`, version: `1 ${EVIL}`, description: `Intro ${EVIL} \`${EVIL}\`` },
  servers: [{ url: `http://x/${EVIL}` }],
  tags: [{ name: `Tag ${EVIL}`, description: `About ${EVIL}` }],
  paths: {
    [`/evil/{id}/${EVIL}`]: {
      post: {
        operationId: `op"${EVIL}`,
        summary: `Summary ${EVIL}`,
        description: `Details ${EVIL}`,
        tags: [`Tag ${EVIL}`],
        security: [{ [`scheme${EVIL}`]: [] }],
        parameters: [
          {
            name: `id${EVIL}`,
            in: 'path',
            required: true,
            description: `Param ${EVIL}`,
            schema: { type: 'string', enum: [EVIL] },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { description: EVIL, const: EVIL } } },
        },
        responses: {
          200: {
            description: `Fine ${EVIL}`,
            content: { 'text/html': { schema: { title: EVIL } } },
          },
          400: { description: `Bad ${EVIL}` },
        },
      },
    },
  },
  webhooks: {},
  components: { schemas: {}, securitySchemes: {} },
};

describe('the docs page', () => {
  it('escapes every value of the document', () => {
    const page = renderDocsPage(hostile);
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain('alert("x")');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The anchor built from a hostile operationId is a plain slug.
    expect(page).toMatch(/id="op-op-script-alert-x-script"/);
    expect(page.match(/<\/?[a-z0-9]+/gi)?.map((tag) => tag.toLowerCase())).not.toContain('<script');
  });

  it('groups operations by tag in the document order, with anchors and a contents list', () => {
    const doc = buildOpenApiDocument({ baseUrl: 'http://127.0.0.1:4010' });
    const page = renderDocsPage(doc);
    const headings = [...page.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      'Contents',
      'Rehearse a bad day',
      ...doc.tags.map((tag) => tag.name),
    ]);
    expect(page).toContain('<section id="tag-trainer-controls-mock-only">');
    expect(page).toContain('<a href="#tag-in-store-v3">In-store v3</a>');
    expect(page).toContain('<article class="op" id="op-v3verify">');
    expect(page).toContain('<a href="#op-v3verify">POST /pos/client/inhouse-downpayment/v3/');
    // Each operation once, under its tag.
    const articles = page.match(/<article class="op"/g) ?? [];
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(articles).toHaveLength(operations.length);
  });

  it('shows method, path, summary, auth, parameters, request body and responses', () => {
    const page = renderDocsPage(buildOpenApiDocument({ baseUrl: 'http://127.0.0.1:4010' }));
    const start = page.indexOf('id="op-totalrefund"');
    const article = page.slice(start, page.indexOf('</article>', start));
    expect(article).toContain('<span class="method post">POST</span>');
    expect(article).toContain('<code>/pos/order/{order_id}/total-refund</code>');
    expect(article).toContain('Total refund (one X-Unique-Token per refund transaction)');
    expect(article).toContain('Auth: <code>bearerAuth</code>');
    expect(article).toContain('<td><code>X-Unique-Token</code></td><td>header</td><td>yes</td>');
    expect(article).toContain('<h4>Request body</h4><p><code>application/json</code>, required');
    expect(article).toContain('&quot;author&quot;');
    for (const status of ['200', '400', '401', '404']) {
      expect(article).toContain(`<strong>${status}</strong>`);
    }
    const addOn = page.slice(page.indexOf('id="op-financingaddon"'));
    expect(addOn).toContain('Auth: <code>clientIdHeader</code> (header <code>Client_id</code>)');
    const infoSteps = page.slice(page.indexOf('id="op-infosteps"'));
    expect(infoSteps).toContain('Auth: None');
    const payment = page.slice(page.indexOf('id="op-createpayment"'));
    expect(payment).toContain('<code>connectorClientId</code> (header <code>client_id</code>) and');
  });

  it('is the same page for the same document', () => {
    const doc = buildOpenApiDocument({ baseUrl: 'http://127.0.0.1:4010' });
    expect(renderDocsPage(doc)).toBe(renderDocsPage(structuredClone(doc)));
  });
});
