// Named schemas for the document's `components`: a body or answer whose zod schema is exported
// under a name (shared/api, the mock's control schemas) is written once there and referred to
// with `$ref`, so generators name their types after it. Reusable by any document built from an
// endpoint catalogue (a caller passes its own modules of named schemas).
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { type SchemaDirection, toJsonSchema } from './json-schema';
import type { JsonSchema } from './openapi-types';

export type ComponentRegistry = {
  /** `{ $ref }` to the schema's component (created on first use), or the schema inline. */
  use(schema: z.ZodType, io: SchemaDirection, fallbackName?: string): JsonSchema;
  schemas(): Record<string, JsonSchema>;
};

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every zod schema exported by the given modules, by its export name (first name wins). */
export function namesOf(modules: readonly Record<string, unknown>[]): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (isZod(value) && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

export const pascalCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

export function createComponentRegistry(
  names: ReadonlyMap<z.ZodType, string>,
  overrides: ReadonlyMap<z.ZodType, { name: string; schema: JsonSchema }> = new Map(),
): ComponentRegistry {
  const schemas: Record<string, JsonSchema> = {};
  const place = (name: string, json: JsonSchema): string => {
    // One zod schema may read differently as a request and as an answer (defaults, transforms).
    for (const candidate of [name, `${name}Input`, `${name}2`]) {
      const existing = schemas[candidate];
      if (existing === undefined) {
        schemas[candidate] = json;
        return candidate;
      }
      if (isDeepStrictEqual(existing, json)) return candidate;
    }
    throw new Error(`Three different schemas want the component name ${name}`);
  };
  return {
    use(schema, io, fallbackName) {
      const override = overrides.get(schema);
      const json = override ? override.schema : toJsonSchema(schema, io);
      const name = override?.name ?? names.get(schema) ?? fallbackName;
      if (name === undefined) return json;
      return { $ref: `#/components/schemas/${place(name, json)}` };
    },
    schemas: () =>
      Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The schema a `$ref` names, or the schema itself. */
export function resolveRef(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = components[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`Unresolved ${ref}`);
  return target;
}

/** A copy of `value` with every `$ref` to a component replaced by the component (no cycles). */
export function inlineRefs<T>(value: T, components: Record<string, JsonSchema>): T {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, components)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$ref === 'string' && record.$ref.startsWith('#/components/schemas/')) {
    return inlineRefs(resolveRef(record, components), components) as T;
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [key, inlineRefs(item, components)]),
  ) as T;
}
