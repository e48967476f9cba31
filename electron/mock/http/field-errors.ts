// Turns a zod failure on a request into the service's field-keyed 400 body:
// `{ <field>: "Error on <field> format" }` for every field in error, and "Unknown field" for
// fields the endpoint does not take, all reported together.
import type { z } from 'zod';
import { fieldFormatError, REQUEST } from '../../../shared/api/messages';

export function fieldErrorsOf(
  error: z.ZodError,
  message: (field: string) => string = fieldFormatError,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] = REQUEST.unknownField;
      continue;
    }
    const field = issue.path[0];
    if (typeof field === 'string' && !Object.hasOwn(errors, field)) errors[field] = message(field);
  }
  return errors;
}

/** Request bodies must be JSON objects; anything else is read as an object with no fields. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
