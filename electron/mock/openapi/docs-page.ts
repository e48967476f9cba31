// GET /docs: the OpenAPI document as one self-contained HTML page, rendered on the server. No
// script and nothing fetched from elsewhere, so it works offline and under a CSP that forbids
// both. Every value from the document goes through escapeHtml: summaries and schemas are text.
import { escapeHtml } from '../html/escape-html';
import { BAD_DAY } from './bad-day';
import { inlineRefs } from './components';
import { curlExample } from './curl-example';
import type {
  HttpVerb,
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SecurityRequirement,
} from './openapi-types';

export const OPENAPI_JSON_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const VERBS: readonly HttpVerb[] = ['get', 'post', 'put', 'delete'];

type Entry = { path: string; verb: HttpVerb; operation: OperationObject; anchor: string };

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fafafa}
header,main,nav{max-width:70rem;margin:0 auto;padding:0 1.5rem}
header{padding-top:1.5rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{border-bottom:2px solid #d0d7de;padding-bottom:.25rem;margin-top:2.5rem}
h3{font-size:1.05rem;margin:0 0 .5rem}
h4{font-size:.95rem;margin:1rem 0 .25rem}
code,pre{font:13px/1.4 ui-monospace,monospace}
pre{background:#f0f2f4;padding:.6rem;overflow:auto;border-radius:4px;margin:.25rem 0}
.op{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:1rem;margin:1rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;color:#fff;border-radius:3px;
  padding:0 .4rem;margin-right:.4rem;font:bold 12px/1.8 ui-monospace,monospace}
.get{background:#1f6feb}.post{background:#1a7f37}.put{background:#9a6700}.delete{background:#cf222e}
table{border-collapse:collapse;width:100%}
td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
nav ul{padding-left:1.2rem}nav li{margin:.1rem 0}
.muted{color:#57606a}
summary{cursor:pointer;margin:.35rem 0}
`;

/** Text with `code` spans (the document's descriptions use them), escaped piece by piece. */
function prose(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const pieces = paragraph.split('`').map((piece, i) => {
        const safe = escapeHtml(piece);
        return i % 2 === 1 ? `<code>${safe}</code>` : safe;
      });
      return `<p>${pieces.join('')}</p>`;
    })
    .join('\n');
}

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;
const schemaBlock = (schema: JsonSchema) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function slugger() {
  const used = new Set<string>();
  return (prefix: string, text: string) => {
    const base = `${prefix}-${text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

function describeAuth(document: OpenApiDocument, security: SecurityRequirement[]): string {
  if (security.length === 0) return 'None';
  const schemes = document.components.securitySchemes;
  const one = (name: string) => {
    const scheme = schemes[name];
    if (!scheme) return code(name);
    const how =
      scheme.type === 'http'
        ? `<code>Authorization: Bearer …</code>`
        : `header ${code(scheme.name)}`;
    return `${code(name)} (${how})`;
  };
  return security
    .map((requirement) => Object.keys(requirement).map(one).join(' and '))
    .join(' or ');
}

function parametersTable(parameters: ParameterObject[]): string {
  const rows = parameters.map(
    (p) =>
      `<tr><td>${code(p.name)}</td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td>` +
      `<td>${code(JSON.stringify(p.schema))}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
  );
  return (
    '<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th>' +
    `<th>Schema</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function requestBodySection(body: RequestBodyObject): string {
  const parts = Object.entries(body.content).map(
    ([mediaType, { schema }]) =>
      `<p>${code(mediaType)}${body.required ? ', required' : ', optional'}</p>${schemaBlock(schema)}`,
  );
  return `<h4>Request body</h4>${parts.join('')}`;
}

function responsesSection(responses: Record<string, ResponseObject>): string {
  const parts = Object.entries(responses).map(([status, response]) => {
    const content = Object.entries(response.content ?? {});
    const title = `<strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}`;
    if (content.length === 0) return `<p>${title}</p>`;
    // Folded (no script needed): the success answer open, the error shapes a click away.
    const open = status.startsWith('2') ? ' open' : '';
    return content
      .map(
        ([mediaType, { schema }]) =>
          `<details${open}><summary>${title} · ${code(mediaType)}</summary>${schemaBlock(schema)}</details>`,
      )
      .join('');
  });
  return `<h4>Responses</h4>${parts.join('')}`;
}

function operationArticle(document: OpenApiDocument, entry: Entry): string {
  const { operation } = entry;
  const verb = escapeHtml(entry.verb);
  return [
    `<article class="op" id="${escapeHtml(entry.anchor)}">`,
    `<h3><a href="#${escapeHtml(entry.anchor)}"><span class="method ${verb}">${verb.toUpperCase()}</span></a>${code(entry.path)}</h3>`,
    `<p>${escapeHtml(operation.summary)}</p>`,
    operation.description ? prose(operation.description) : '',
    `<p class="muted">Operation ${code(operation.operationId)} · Auth: ${describeAuth(document, operation.security ?? [])}</p>`,
    operation.parameters?.length ? parametersTable(operation.parameters) : '',
    operation.requestBody ? requestBodySection(operation.requestBody) : '',
    `<h4>Try it</h4><pre>${escapeHtml(curlExample(document, entry.path, entry.verb, operation))}</pre>`,
    responsesSection(operation.responses),
    '</article>',
  ].join('\n');
}

/** Operations grouped by their first tag, tags in the document's order (unlisted ones last). */
function groupByTag(document: OpenApiDocument) {
  const slug = slugger();
  const groups = new Map<string, Entry[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const verb of VERBS) {
      const operation = item[verb];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'Other';
      const anchor = slug('op', operation.operationId);
      const group = groups.get(tag) ?? [];
      group.push({ path, verb, operation, anchor });
      groups.set(tag, group);
    }
  }
  return [...groups]
    .filter(([, entries]) => entries.length > 0)
    .map(([name, entries]) => ({
      name,
      anchor: slug('tag', name),
      description: document.tags.find((tag) => tag.name === name)?.description,
      entries,
    }));
}

export function renderDocsPage(named: OpenApiDocument): string {
  // Each schema is shown where it is used: a reader of one operation need not look elsewhere.
  const document = inlineRefs(named, named.components.schemas);
  const groups = groupByTag(document);
  const contents = groups
    .map((group) => {
      const items = group.entries
        .map(
          (e) =>
            `<li><a href="#${escapeHtml(e.anchor)}">${escapeHtml(e.verb.toUpperCase())} ${escapeHtml(e.path)}</a></li>`,
        )
        .join('');
      return `<li><a href="#${escapeHtml(group.anchor)}">${escapeHtml(group.name)}</a><ul>${items}</ul></li>`;
    })
    .join('\n');
  const sections = groups
    .map((group) =>
      [
        `<section id="${escapeHtml(group.anchor)}">`,
        `<h2>${escapeHtml(group.name)}</h2>`,
        group.description ? prose(group.description) : '',
        ...group.entries.map((entry) => operationArticle(document, entry)),
        '</section>',
      ].join('\n'),
    )
    .join('\n');
  const servers = document.servers.map((server) => code(server.url)).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(document.info.title)}</h1>
<p class="muted">Version ${escapeHtml(document.info.version)} · OpenAPI ${escapeHtml(document.openapi)} · Server ${servers} · <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a></p>
${document.info.description ? prose(document.info.description) : ''}
</header>
<nav><h2>Contents</h2><ul>
${contents}
</ul></nav>
<main>
${BAD_DAY}
${sections}
</main>
</body>
</html>
`;
}
