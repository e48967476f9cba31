// An example request for every operation, taken from the scripted integrator session (whose
// codes and identities are the scenario catalogue's, and which the replay test runs against the
// sandbox), so an example is always a call the sandbox answers with 200.
import { SESSION, SETTLE_ID, type Step, VOUCHER_ID } from './integrator-session';
import type { OperationObject } from './openapi-types';

/** A voucher id of the right shape for the examples (the session learns the real one). */
const EXAMPLE_VOUCHER_ID = '6650f1c2a9b3e4d5f6a7b8c9';

export function exampleStep(operationId: string): Step | undefined {
  const step = SESSION.find((s) => s.op === operationId && s.status === 200 && !s.invalid);
  if (!step) return undefined;
  const body =
    step.body === undefined
      ? undefined
      : (JSON.parse(JSON.stringify(step.body).replace(SETTLE_ID, 'ST-1')) as unknown);
  return { ...step, path: step.path.replace(VOUCHER_ID, EXAMPLE_VOUCHER_ID), body };
}

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/** Puts the example's body and parameter values on the operation. */
export function addExample(path: string, operation: OperationObject): void {
  const step = exampleStep(operation.operationId);
  if (!step) throw new Error(`No successful session step for ${operation.operationId}`);
  const params = templateRegex(path).exec(step.path)?.groups ?? {};
  for (const parameter of operation.parameters ?? []) {
    const source =
      parameter.in === 'path' ? params : parameter.in === 'query' ? step.query : step.headers;
    const value = source?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  const media = operation.requestBody?.content['application/json'];
  if (media && step.body !== undefined) media.example = step.body;
}
