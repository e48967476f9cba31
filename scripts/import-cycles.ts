// Import cycles inside a folder, found from the import statements alone (the same TypeScript
// pre-processor as import-boundaries.ts, so type-only imports count too): a cycle means no module
// of it can be read, loaded or tested without all the others, and the evaluation order of its
// top-level code depends on which one is imported first. `import-cycles.test.ts` keeps
// electron/ and shared/ free of them (docs/architecture.md "What each folder may import").
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { importsOf, ruledSourceFiles } from './import-boundaries';

const TEST = /\.test\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository file a relative specifier names, or null (a package, or no such file). */
function resolve(files: ReadonlySet<string>, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  if (files.has(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((path) => files.has(path)) ?? null;
}

/**
 * Every cycle among `sources` (repository path → source text), as the files of each strongly
 * connected component of the import graph, sorted; a file importing itself is a cycle too.
 */
export function findCycles(sources: ReadonlyMap<string, string>): string[][] {
  const files = new Set(sources.keys());
  const edges = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = importsOf(source).flatMap((s) => resolve(files, file, s) ?? []);
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The cycles among the shipped (non-test) sources under `folder` of the repository at `root`. */
export function cyclesUnder(root: string, folder: string): string[][] {
  const sources = new Map<string, string>();
  for (const file of ruledSourceFiles(root)) {
    if (!file.startsWith(`${folder}/`) || TEST.test(file)) continue;
    const path = join(root, file);
    if (existsSync(path)) sources.set(file, readFileSync(path, 'utf8'));
  }
  return findCycles(sources);
}
