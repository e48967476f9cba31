// Format checks of in-store requests that identify the customer: every field in error reported
// together, keyed by field. A query or path parameter of any area: electron/mock/http/parse.ts.
import type { z } from 'zod';
import { fieldFormatError, IN_STORE } from '../../../shared/api/messages';
import type { Identity } from '../../../shared/domain/identity';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import type { Parsed } from '../http/parse';
import { fail, fieldErrors } from '../reply';

/** Parses a body or query that identifies the customer by `dni` or `ruc` (never both). */
export function parseIdentified<T extends { dni?: string | undefined; ruc?: string | undefined }>(
  schema: z.ZodType<T>,
  raw: unknown,
): Parsed<T & { identity: Identity }> {
  const input = asRecord(raw);
  if (input.dni !== undefined && input.ruc !== undefined) {
    return { ok: false, reply: fail(400, IN_STORE.dniAndRuc) };
  }
  const result = schema.safeParse(input);
  const errors = result.success ? {} : fieldErrorsOf(result.error);
  if (input.dni === undefined && input.ruc === undefined) errors.dni = fieldFormatError('dni');
  if (!result.success || Object.keys(errors).length > 0)
    return { ok: false, reply: fieldErrors(errors) };
  const value = result.data;
  const identity: Identity =
    value.dni !== undefined
      ? { kind: 'dni', value: value.dni }
      : { kind: 'ruc', value: value.ruc ?? '' };
  return { ok: true, value: { ...value, identity } };
}
