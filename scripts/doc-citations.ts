// Source files cite only documents the repository holds (docs/decisions.md "The project stands
// alone"): no team document by name, no path that leaves the repository into a `shared` folder
// beside it, and every `docs/<file>.md "<Heading>"` names a file and a heading that exist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { repositoryRoot } from './import-boundaries';

export type CitationProblem = { file: string; line: number; text: string; problem: string };

const SOURCE = /\.(ts|tsx|mjs|cjs|js|json|ya?ml|css|html|sh)$/;
const TEAM_DOCUMENT = /DESIGN\.md|SERVICE-API\.md/g;
const SHARED_PATH = /(?:\.\.[\\/])+shared\b/g;
// `docs/x.md "Heading"`, the quote possibly on the next comment line, or after a comma.
const CITATION = /(docs\/[\w./-]+\.md),?(?:\s*(?:\/\/|\*|#)?\s*)"([^"\n]+)"/g;
// The checkers themselves and their tests hold such names and paths as fixtures (of files in
// other folders); the citation checker is skipped whole, the boundary test for paths only.
const FIXTURES = new Set(['scripts/doc-citations.ts', 'scripts/doc-citations.test.ts']);
const PATH_FIXTURES = new Set([...FIXTURES, 'scripts/import-boundaries.test.ts']);
const IMPORT_BEFORE = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]$/;

export function citedSourceFiles(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return tracked
    .split('\0')
    .filter((file) => file === '.ci/run' || (SOURCE.test(file) && !file.endsWith('.d.ts')));
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

function leavesRepository(file: string, source: string, index: number, path: string): boolean {
  const outside = (from: string) => posix.normalize(posix.join(from, path)).startsWith('..');
  const fromFile = outside(posix.dirname(file));
  // An import or a JSON config resolves from its own folder; any other path string may be read
  // from the working directory, the repository's root, so it must stay inside from both.
  if (file.endsWith('.json') || IMPORT_BEFORE.test(source.slice(Math.max(0, index - 12), index)))
    return fromFile;
  return fromFile || outside('.');
}

function headingsOf(root: string, doc: string, cache: Map<string, Set<string> | null>) {
  if (!cache.has(doc)) {
    const path = join(root, doc);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const headings = text?.split('\n').flatMap((l) => /^#{1,6}\s+(.+?)\s*$/.exec(l)?.[1] ?? []);
    cache.set(doc, headings ? new Set(headings) : null);
  }
  return cache.get(doc);
}

export function checkSource(
  root: string,
  file: string,
  source: string,
  cache = new Map<string, Set<string> | null>(),
): CitationProblem[] {
  const problems: CitationProblem[] = [];
  if (FIXTURES.has(file)) return problems;
  const add = (index: number, text: string, problem: string) =>
    problems.push({ file, line: lineOf(source, index), text, problem });
  for (const m of source.matchAll(TEAM_DOCUMENT))
    add(m.index, m[0], 'names a team document the repository does not hold');
  for (const m of PATH_FIXTURES.has(file) ? [] : source.matchAll(SHARED_PATH))
    if (leavesRepository(file, source, m.index, m[0].replaceAll('\\', '/')))
      add(m.index, m[0], 'reaches a shared folder outside the repository');
  for (const m of source.matchAll(CITATION)) {
    const [text, doc = '', heading = ''] = m;
    const headings = headingsOf(root, doc, cache);
    if (!headings) add(m.index, text, `cites ${doc}, which does not exist`);
    else if (!headings.has(heading)) add(m.index, text, `cites a heading ${doc} does not have`);
  }
  return problems;
}

export function checkRepository(root = repositoryRoot()): CitationProblem[] {
  const cache = new Map<string, Set<string> | null>();
  return citedSourceFiles(root).flatMap((file) =>
    checkSource(root, file, readFileSync(join(root, file), 'utf8'), cache),
  );
}
