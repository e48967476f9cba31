// Format checks of a request's path parameters and query, for every area of the mock: each
// parameter in error reported together in the service's field-keyed 400 body, `Error on <field>
// format` unless the interface gives the parameter a message of its own. Bodies that identify a
// customer (dni or ruc) have theirs in electron/mock/in-store/parse.ts.
import type { z } from 'zod';
import { fieldFormatError } from '../../../shared/api/messages';
import { fieldErrors, type MockReply } from '../reply';
import { asRecord, fieldErrorsOf } from './field-errors';

/** A request part checked against its schema: its value, or the 400 the route answers. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reply: MockReply };

function parseFields<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  messages: Readonly<Record<string, string>>,
): Parsed<T> {
  const result = schema.safeParse(asRecord(raw));
  if (result.success) return { ok: true, value: result.data };
  const message = (field: string) =>
    Object.hasOwn(messages, field) ? (messages[field] as string) : fieldFormatError(field);
  return { ok: false, reply: fieldErrors(fieldErrorsOf(result.error, message)) };
}

/**
 * A query, with the interface's own per-parameter messages where it gives them (the day summary's
 * `DAY_SUMMARY`, or a map built from `QUERY_FORMAT`, shared/api/messages.ts); a parameter without
 * one answers `Error on <field> format`, and one the endpoint does not take `Unknown field`.
 */
export const parseQuery = <T>(
  schema: z.ZodType<T>,
  raw: unknown,
  messages: Readonly<Record<string, string>> = {},
): Parsed<T> => parseFields(schema, raw, messages);

/**
 * The path parameters (`request.params`) against the entry's `params` schema: a value of the
 * wrong format answers 400 `{ <param>: "Error on <param> format" }` before the route looks
 * anything up, as a body's fields do (docs/decisions.md "Billing": formats before existence).
 */
export const parsePathParams = <T>(schema: z.ZodType<T>, raw: unknown): Parsed<T> =>
  parseFields(schema, raw, {});
