// Orders, refunds and the connector report one problem at a time, naming the first field in the
// order of the document's table (docs/decisions.md "Orders"). zod reports issues in its own order,
// so the fields are walked one by one in the order of the schema's shape, which follows the table.
import type { z } from 'zod';

export type FieldProblem = { field: string; kind: 'required' | 'invalid' };

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

export type CheckOptions = {
  /** Optional fields a setting makes required (e.g. `require_financed_products`). */
  alsoRequired?: ReadonlySet<string>;
};

// JSON null is read as "not sent": a merchant serialising an empty optional as null is common,
// and for a required field it is as missing as an absent key.
const isAbsent = (value: unknown) => value === undefined || value === null;

/** The input without its null-valued keys, so optional fields sent as null are simply absent. */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null));
}

/**
 * Checks `input` against a (strict) object schema field by field in shape order: the first
 * missing required field is `required`, the first present field of a wrong type or format is
 * `invalid`, whichever comes first; then a field the schema does not know is `invalid`.
 */
export function checkFields<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
  options: CheckOptions = {},
): Checked<z.infer<S>> {
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const value = input[field];
    const forced = options.alsoRequired?.has(field) ?? false;
    if (isAbsent(value) || (forced && Array.isArray(value) && value.length === 0)) {
      if (forced || !fieldSchema.safeParse(undefined).success) {
        return { ok: false, problem: { field, kind: 'required' } };
      }
      continue;
    }
    if (!fieldSchema.safeParse(value).success) {
      return { ok: false, problem: { field, kind: 'invalid' } };
    }
  }
  const unknown = Object.keys(input).find((key) => !Object.hasOwn(shape, key));
  if (unknown !== undefined) return { ok: false, problem: { field: unknown, kind: 'invalid' } };
  const parsed = schema.safeParse(withoutNulls(input));
  if (parsed.success) return { ok: true, value: parsed.data };
  // Only an object-level rule can fail here; name the field it points at, if any.
  const field = parsed.error.issues[0]?.path[0];
  return {
    ok: false,
    problem: { field: typeof field === 'string' ? field : 'body', kind: 'invalid' },
  };
}
