// The README's screenshots stay true (docs/screenshots/README.md): every image in
// docs/screenshots is written by an e2e test (so `npm run screenshots` renews it) and shown by
// the table or the README, and every image the table or the README shows exists. An image no test writes any
// more is an orphan: it would show a screen the app no longer has.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ScreenshotSources = {
  /** The file names in docs/screenshots. */
  images: readonly string[];
  /** docs/screenshots/README.md. */
  table: string;
  /** The top README. */
  readme: string;
  /** Every e2e file's text, joined. */
  e2e: string;
};

export function readScreenshotSources(root: string): ScreenshotSources {
  const e2eDir = join(root, 'e2e');
  return {
    images: readdirSync(join(root, 'docs', 'screenshots')).filter((f) => f.endsWith('.png')),
    table: readFileSync(join(root, 'docs', 'screenshots', 'README.md'), 'utf8'),
    readme: readFileSync(join(root, 'README.md'), 'utf8'),
    e2e: readdirSync(e2eDir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(e2eDir, f), 'utf8'))
      .join('\n'),
  };
}

/**
 * True when an e2e file names the image as it is saved: `'name'` whole, a counter-size pair's
 * stem (`saveAtCounterSizes(page, 'name')` or `` `name-${size.width}` ``), or a numbered
 * series (`` `name${n}` ``).
 */
export function writtenByE2e(image: string, e2e: string): boolean {
  const name = image.replace(/\.png$/, '');
  if (e2e.includes(`'${name}'`)) return true;
  const sized = /^(.+)-(1366|1024)$/.exec(name);
  if (sized && (e2e.includes(`'${sized[1]}'`) || e2e.includes(`\`${sized[1]}-\${`))) return true;
  const numbered = /^(.+?)\d+$/.exec(name);
  return numbered !== null && e2e.includes(`\`${numbered[1]}\${`);
}

export function screenshotProblems(sources: ScreenshotSources): string[] {
  const problems: string[] = [];
  const images = new Set(sources.images);
  const linkedInTable = new Set(
    [...sources.table.matchAll(/\]\(([\w.-]+\.png)\)/g)].map((m) => m[1] as string),
  );
  const linkedInReadme = [...sources.readme.matchAll(/docs\/screenshots\/([\w.-]+\.png)/g)].map(
    (m) => m[1] as string,
  );
  const shown = new Set([...linkedInTable, ...linkedInReadme]);
  for (const image of sources.images) {
    if (!shown.has(image))
      problems.push(`${image}: in neither docs/screenshots/README.md nor README.md`);
    if (!writtenByE2e(image, sources.e2e)) problems.push(`${image}: no e2e test writes it`);
  }
  for (const image of linkedInTable)
    if (!images.has(image)) problems.push(`${image}: in the table, no such file`);
  for (const image of linkedInReadme)
    if (!images.has(image)) problems.push(`${image}: in README.md, no such file`);
  return problems;
}
