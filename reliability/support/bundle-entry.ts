// Bundles one of the suite's entry points with esbuild into a temp dir (node_modules left
// external, reached through a symlink), so it starts with plain `node` in a fraction of tsx's
// time: the kill runs start the host hundreds of times, and the fuzzers run as child processes
// to use every core while vitest runs one file at a time.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type Bundle = { dir: string; entry: string; remove(): Promise<void> };

/** `source` relative to the project root, e.g. `reliability/kill-restart/host-entry.ts`. */
export async function bundleEntry(source: string): Promise<Bundle> {
  const dir = await mkdtemp(join(tmpdir(), 'mostrador-bundle-'));
  const entry = join(dir, 'entry.mjs');
  await build({
    entryPoints: [join(ROOT, source)],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    // browser-mode.ts finds the project (package.json) from its own URL; in the bundle it keeps
    // pointing at the source file's place. No other bundled module reads import.meta.url.
    define: {
      'import.meta.url': JSON.stringify(
        pathToFileURL(join(ROOT, 'electron', 'web', 'browser-mode.ts')).href,
      ),
    },
  });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, entry, remove: () => rm(dir, { recursive: true, force: true }) };
}
