// An example request for every operation. A service endpoint's is the `example` on its catalogue
// entry (shared/api/<area>.ts), which the integrator session replays against the sandbox; a
// trainer control's is its first successful call in the scripted integrator session
// (integrator-session.ts). Either way an example is a call the sandbox answers with 200.
import { SESSION, stepExample } from './integrator-session';
import type { OperationObject } from './openapi-types';
import type { OperationSource } from './operation';

/** The first successful call of an operation in the scripted session, as an example. */
function sessionExample(path: string, operationId: string) {
  const step = SESSION.find((s) => s.op === operationId && s.status === 200 && !s.invalid);
  return step ? stepExample(step, path) : undefined;
}

/** Puts the example's body and parameter values on the operation. */
export function addExample(source: OperationSource, operation: OperationObject): void {
  const example = source.example ?? sessionExample(source.spec.path, source.operationId);
  if (!example) {
    throw new Error(
      `No example for ${source.operationId}: give its entry an \`example\` (shared/api/), or a ` +
        'trainer control a successful step in electron/mock/openapi/integrator-session.ts',
    );
  }
  for (const parameter of operation.parameters ?? []) {
    const values =
      parameter.in === 'path'
        ? example.params
        : parameter.in === 'query'
          ? example.query
          : example.headers;
    const value = values?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  const media = operation.requestBody?.content['application/json'];
  if (media && example.body !== undefined) media.example = example.body;
}
