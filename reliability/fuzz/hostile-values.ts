// Inputs that have broken JSON servers before: malformed JSON, huge strings, deep nesting,
// prototype-pollution keys, odd Unicode. Built as text where the shape cannot exist as a JS
// literal (`{"__proto__": …}` only survives as JSON text), parsed where an object is needed.
import fc from 'fast-check';

const DEPTH = 3_000;
export const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
export const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** Past the mock's 64 KiB body limit, as one JSON string. */
export const HUGE_JSON_STRING = JSON.stringify('x'.repeat(70 * 1024));
export const HUGE_TEXT = 'é'.repeat(40 * 1024);

export const PROTO_BODIES = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '{"__proto__":null}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"prototype":{"polluted":"yes"},"toString":"x","hasOwnProperty":1}',
];

export const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'nul',
  'NaN',
  'Infinity',
  '-',
  '1e999999',
  '"\\ud800"',
  '\u0000',
  '\ufeff{}',
  '{"a":"\u0000"}',
  '<html></html>',
  'a=1&b=2',
];

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '.',
  '..',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '\u0000',
  '\ud800',
  '😀'.repeat(3),
  'ＡＢＣ１２３',
  '1e308',
  '-0',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'x'.repeat(5_000),
];

// Parsed once: nothing under test mutates its input, and parsing 6,000 brackets per case would
// cost more than the case.
const PARSED_HOSTILE: unknown[] = [...PROTO_BODIES, DEEP_ARRAY, DEEP_OBJECT].map((text) =>
  JSON.parse(text),
);

/** Any JSON value, sometimes built around hostile strings and keys. */
export const hostileJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    {
      weight: 2,
      arbitrary: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...HOSTILE_STRINGS)),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...HOSTILE_STRINGS)),
        { maxKeys: 6 },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...PARSED_HOSTILE) },
  );

/**
 * `sample` with one thing changed: a field replaced by hostile JSON (at any depth), a field
 * removed, a key added. Keeps most of a valid shape so the handlers behind validation are
 * reached, not only the schema's first check.
 */
export function nearly(sample: unknown): fc.Arbitrary<unknown> {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return hostileJson();
  const record = sample as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 0) {
    return fc.oneof(
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 8 }), hostileJson(), { minKeys: 1, maxKeys: 3 }),
    );
  }
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(sample) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(key, fc.boolean())
        .chain(([k, deeper]) =>
          (deeper ? nearly(record[k]) : hostileJson()).map((value) => ({ ...record, [k]: value })),
        ),
    },
    {
      weight: 2,
      arbitrary: key.map((k) =>
        Object.fromEntries(keys.filter((o) => o !== k).map((o) => [o, record[o]])),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...HOSTILE_STRINGS)),
          hostileJson(),
        )
        .map(([k, value]) => {
          const copy: Record<string, unknown> = { ...record };
          Object.defineProperty(copy, k, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return copy;
        }),
    },
  );
}

/** True while nothing has polluted Object.prototype. */
export function prototypeClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    probe.polluted === undefined &&
    Object.getOwnPropertyNames(Object.prototype).every((name) => name !== 'polluted')
  );
}
