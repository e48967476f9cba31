// Format checks of in-store requests: every field in error reported together, keyed by field.
import type { z } from 'zod';
import { DAY_SUMMARY, fieldFormatError, IN_STORE } from '../../../shared/api/messages';
import type { Identity } from '../../../shared/domain/identity';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import { fail, fieldErrors, type MockReply } from '../reply';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reply: MockReply };

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

/**
 * A query with the document's own per-parameter messages: the day summary's `day` and `detail`
 * (`DAY_SUMMARY`), or another read's map built from `QUERY_FORMAT` (shared/api/messages.ts). A
 * parameter without a message there answers `Error on <field> format`.
 */
export function parseDaySummaryQuery<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  messages: Readonly<Record<string, string>> = DAY_SUMMARY,
): Parsed<T> {
  const result = schema.safeParse(asRecord(raw));
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    reply: fieldErrors(fieldErrorsOf(result.error, (f) => messages[f] ?? fieldFormatError(f))),
  };
}
