// The supervisor's and trainer's screens' Spanish texts (renderer/i18n/supervisor-texts.ts) are
// loaded with those screens, not at start (issue "A counter that has gone silent", item 20): no
// module of the renderer's first chunk may name one, or it would show a key not loaded yet.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The renderer's modules a terminal's start loads: main.tsx and its static imports, followed. */
function startModules(): string[] {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../renderer');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const base = join(dirname(file), m[1] ?? '');
      for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
        try {
          readFileSync(candidate);
          if (candidate.startsWith(root)) visit(candidate);
          break;
        } catch {
          // not this one
        }
      }
    }
  };
  visit(join(root, 'main.tsx'));
  return [...seen];
}

describe("the supervisor's screens' texts come with them (issue item 20)", () => {
  it('no module of the first chunk names one of them: it would read a key not loaded yet', () => {
    const texts = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../renderer/i18n/supervisor-texts.ts'),
      'utf8',
    );
    const keys = [...texts.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1] ?? '');
    expect(keys).toContain('storeClose.title');
    const used: string[] = [];
    for (const file of startModules()) {
      if (file.includes('/i18n/')) continue;
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/(call\(\s*)?['`]([a-zA-Z]+\.[\w.-]*)(\$\{)?/g)) {
        // A bridge method of the same name (call('training.reset', …)) is not a text.
        if (m[1]) continue;
        const text = m[2] ?? '';
        const hit = m[3] ? keys.find((k) => k.startsWith(text)) : keys.find((k) => k === text);
        if (hit) used.push(`${file.split('/renderer/')[1]}: ${text}`);
      }
    }
    expect(startModules().some((f) => f.endsWith('sale-screen.tsx'))).toBe(true);
    expect(used).toEqual([]);
  });
});
