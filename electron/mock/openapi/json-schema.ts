// zod → JSON Schema for the OpenAPI document. Requests are described as the mock parses them
// (`input`) and answers as it sends them (`output`). Refinements (DNI digits, RUC check digit,
// 2-decimal amounts) have no JSON Schema form and come out as their plain base type; the
// summaries and the sandbox decisions say the rest.
import { z } from 'zod';
import type { JsonSchema } from './openapi-types';

export type SchemaDirection = 'input' | 'output';

export function toJsonSchema(schema: z.ZodType, io: SchemaDirection): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A schema with no JSON form (a transform, a custom type) becomes `{}`, "any value", rather
    // than failing the whole document: the sandbox's own behaviour is the reference anyway.
    unrepresentable: 'any',
    // Shared pieces are written inline: a `$ref` to `#/$defs/…` would point at the root of the
    // OpenAPI document, where no `$defs` live.
    reused: 'inline',
    // Likewise a recursive schema would need a `$ref` this document cannot resolve: fail loudly.
    cycles: 'throw',
  }) as JsonSchema;
  // OpenAPI 3.1 documents declare the dialect once; repeating it in every schema adds nothing.
  return rest;
}

/** The schema's own properties and required names, when it is an object schema. */
export function objectMembers(schema: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: ReadonlySet<string>;
} {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return { properties, required: new Set(required) };
}

/** `{}` (or only annotations): a schema that accepts any value, i.e. says nothing to read. */
export function acceptsAnything(schema: JsonSchema): boolean {
  return Object.keys(schema).every((key) => key === 'description' || key === 'title');
}
