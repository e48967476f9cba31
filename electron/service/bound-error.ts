// What the service sends reaches the renderer, the journal and the log through the error value;
// a service that answers megabytes of text must not make each of them megabytes (docs/decisions.md
// "Hardening (issue 14)"). The client's own words (category, status) are never cut.
import type { ServiceError } from '../../shared/service-error';

/** The most characters of any one service text kept in an error value. */
export const MAX_SERVICE_TEXT = 2048;
const MAX_FIELD_ERRORS = 20;
const MAX_FIELD_NAME = 100;
const MARK = '…[cut]';

export function boundText(text: string, max = MAX_SERVICE_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}${MARK}`;
}

export function boundError(error: ServiceError): ServiceError {
  const { message, fieldErrors, body, ...own } = error;
  return {
    ...own,
    ...(message === undefined ? {} : { message: boundText(message) }),
    ...(fieldErrors === undefined ? {} : { fieldErrors: boundFields(fieldErrors) }),
    ...(body === undefined ? {} : { body: boundBody(body) }),
  };
}

function boundFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .slice(0, MAX_FIELD_ERRORS)
      .map(([name, text]) => [boundText(name, MAX_FIELD_NAME), boundText(text, 200)]),
  );
}

/**
 * The body as received when small; else the start of its text, marked as cut. A JSON body stays
 * an object (`{ cut }`) so what reads it still knows it was JSON, not a text page.
 */
function boundBody(body: unknown): unknown {
  if (typeof body === 'string') return boundText(body);
  let text: string;
  try {
    text = JSON.stringify(body) ?? '';
  } catch {
    // Too deep (or cyclic) to serialize: the client bounds depth first, this is the last net.
    return { cut: '[not serializable]' };
  }
  return text.length <= MAX_SERVICE_TEXT ? body : { cut: boundText(text) };
}
