// The inventory of personal data is complete (issue 37, docs/personal-data.md): every key of a
// schema of shared/ that carries a customer's identity, a cashier's code or a supervisor's name
// (the bridge's methods, the service's and the till's APIs, the journal, the close record…) is
// covered by an entry of PERSONAL_DATA_INVENTORY; every entry covers something that exists; and
// docs/personal-data.md's table is the one written from the registry. The store database's
// columns and reads are checked against the same registry in
// electron/store-db/personal-data-inventory.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bridgeMethods } from '../bridge/contract';
import { PERSONAL_DATA_INVENTORY } from './inventory';
import { inventoryTable, matchesCover } from './inventory-table';

const ROOT = join(__dirname, '..', '..');

/** Keys that carry a person's data, wherever they are. */
const PERSONAL_KEY =
  /^(dni|ruc|identity|identity_value|identity_ref|customer_data|customer_dni|customer_fullname|customer_6m_payments?|cashier_id|cashiers|by_cashier|supervisor|supervisor_id|closed_by|off_by)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      // index.ts files re-export; tests and test support are not the app's schemas.
      return path.endsWith('.ts') &&
        !path.endsWith('.test.ts') &&
        !path.endsWith('index.ts') &&
        !path.includes('test-support')
        ? [path]
        : [];
    })
    .sort();
}

type Zod = { _zod?: { def: Record<string, unknown> } };

/** Every path to a personal key in the schemas reachable from a root, stopping at named ones. */
function walk(
  schema: unknown,
  path: string,
  named: ReadonlyMap<unknown, string>,
  found: Set<string>,
  seen = new Set<unknown>(),
  depth = 0,
) {
  const z = schema as Zod;
  // Deeper than any schema of the app: a recursive one (free JSON) names no key of its own.
  if (!z?._zod || seen.has(schema) || depth > 24) return;
  seen.add(schema);
  const def = z._zod.def as Record<string, unknown> & { type: string };
  const next = (child: unknown, at: string) => {
    // A named schema is walked from its own name (its paths are found once, there).
    if (named.has(child)) return;
    walk(child, at, named, found, seen, depth + 1);
  };
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        if (PERSONAL_KEY.test(key)) found.add(`${path}.${key}`);
        next(child, `${path}.${key}`);
      }
      if (def.catchall) next(def.catchall, `${path}.*`);
      break;
    case 'array':
      next(def.element, `${path}[]`);
      break;
    case 'union':
      for (const option of def.options as unknown[]) next(option, path);
      break;
    case 'intersection':
      next(def.left, path);
      next(def.right, path);
      break;
    case 'record':
      next(def.valueType, `${path}{}`);
      break;
    case 'pipe':
      next(def.in, path);
      next(def.out, path);
      break;
    case 'lazy':
      // Free JSON (z.json()): any key at all, none the app names.
      break;
    case 'tuple':
      for (const [i, item] of (def.items as unknown[]).entries()) next(item, `${path}[${i}]`);
      break;
    default:
      if ('innerType' in def) next(def.innerType, path);
  }
}

async function foundPlaces(): Promise<string[]> {
  const named = new Map<unknown, string>();
  for (const file of sourceFiles(join(ROOT, 'shared'))) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !named.has(value))
        named.set(value, `${relative(ROOT, file)}#${name}`);
    }
  }
  const found = new Set<string>();
  // A copy: the loop takes each schema out and puts it back, which a Map's own iteration would
  // visit again, for ever.
  for (const [schema, name] of [...named]) {
    // Walked from itself: its own keys, down to the next named schema.
    named.delete(schema);
    walk(schema, `schema:${name}`, named, found);
    named.set(schema, name);
  }
  const roots: [string, Record<string, Record<string, unknown>>][] = [
    ['bridge', bridgeMethods as unknown as Record<string, Record<string, unknown>>],
    [
      'service',
      (await import('../api/endpoints')).serviceEndpoints as unknown as Record<
        string,
        Record<string, unknown>
      >,
    ],
    [
      'service',
      (await import('../api/trainer-controls')).trainerControls as unknown as Record<
        string,
        Record<string, unknown>
      >,
    ],
    [
      'integration',
      (await import('../integration/endpoints')).integrationEndpoints as unknown as Record<
        string,
        Record<string, unknown>
      >,
    ],
  ];
  for (const [kind, table] of roots) {
    for (const [name, entry] of Object.entries(table)) {
      for (const [part, schema] of Object.entries(entry)) {
        if (named.has(schema)) continue;
        walk(schema, `${kind}:${name}.${part}`, named, found);
      }
    }
  }
  return [...found].sort();
}

describe('the inventory of personal data', () => {
  it('covers every key of a schema of shared/ that carries a person’s data', async () => {
    const found = await foundPlaces();
    expect(found.length).toBeGreaterThan(20);
    const patterns = PERSONAL_DATA_INVENTORY.flatMap((p) => p.covers).filter(
      (c) => !c.startsWith('sql:'),
    );
    const uncovered = found.filter((place) => !patterns.some((c) => matchesCover(c, place)));
    expect(uncovered, 'add these to shared/personal-data/inventory.ts').toEqual([]);
    const stale = patterns.filter((c) => !found.some((place) => matchesCover(c, place)));
    expect(stale, 'these cover nothing that exists').toEqual([]);
  });

  it('finds a new place: a personal key added to a schema is reported until it is covered', () => {
    const found = new Set<string>();
    walk(
      z.object({ total: z.number(), rows: z.array(z.object({ customer_dni: z.string() })) }),
      'schema:new.ts#Report',
      new Map(),
      found,
    );
    expect([...found]).toEqual(['schema:new.ts#Report.rows[].customer_dni']);
    const patterns = PERSONAL_DATA_INVENTORY.flatMap((p) => p.covers);
    expect(patterns.some((c) => matchesCover(c, [...found][0] ?? ''))).toBe(false);
  });

  it('names code that exists, with ids that are unique', () => {
    const ids = PERSONAL_DATA_INVENTORY.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const place of PERSONAL_DATA_INVENTORY) {
      expect(existsSync(join(ROOT, place.source)), `${place.id}: ${place.source}`).toBe(true);
    }
  });

  it('is the table of docs/personal-data.md (npx tsx scripts/personal-data-doc.ts writes it)', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'personal-data.md'), 'utf8');
    expect(doc).toContain(inventoryTable(PERSONAL_DATA_INVENTORY));
  });
});
