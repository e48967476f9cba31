// A curl command for an operation, from its example values and its security schemes: what an
// integrator pastes into a terminal to see the sandbox answer (the docs page shows one per
// operation). Credentials are the sandbox's defaults; a sandbox started with others prints them.
import type { OpenApiDocument, OperationObject } from './openapi-types';

const DEFAULT_CREDENTIALS: Record<string, string> = {
  bearerAuth: 'Authorization: Bearer mock-token',
  clientIdHeader: 'Client_id: mock-client',
  connectorClientId: 'client_id: mock-client',
  connectorSecretToken: 'secret_token: mock-secret',
};

/** Single-quoted for a POSIX shell. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlExample(
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OperationObject,
): string {
  const base = document.servers[0]?.url ?? 'http://127.0.0.1:4010';
  let url = path;
  const query = new URLSearchParams();
  const headers: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example === undefined) continue;
    const value = String(parameter.example);
    if (parameter.in === 'path')
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query.set(parameter.name, value);
    else headers.push(`${parameter.name}: ${value}`);
  }
  for (const requirement of operation.security ?? []) {
    for (const scheme of Object.keys(requirement)) {
      const header = DEFAULT_CREDENTIALS[scheme];
      if (header) headers.push(header);
    }
  }
  const body = operation.requestBody?.content['application/json']?.example;
  if (body !== undefined) headers.push('Content-Type: application/json');
  const search = query.size > 0 ? `?${query}` : '';
  const lines = [`curl -sS -X ${method.toUpperCase()} ${quote(`${base}${url}${search}`)}`];
  for (const header of headers) lines.push(`  -H ${quote(header)}`);
  if (body !== undefined) lines.push(`  -d ${quote(JSON.stringify(body))}`);
  return lines.join(' \\\n');
}
