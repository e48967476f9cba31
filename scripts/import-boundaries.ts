// The folder boundaries of docs/architecture.md ("What each folder may import"), as a check over
// the import statements of every source file: a rule that is only commented is a rule that
// erodes. `import-boundaries.test.ts` runs it over the repository and over hand-made violations.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type Violation = { file: string; specifier: string; rule: string };

/** The folders whose imports are ruled; paths are relative to the repository, with `/`. */
export const RULED_FOLDERS = ['renderer', 'electron', 'shared'] as const;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
/**
 * Helpers only tests import (a backend on a temp folder, fixtures); they are test code too. One
 * name, `test-support.ts` beside what it supports, or `<what>-test-support.ts` where two that
 * tests meet together would share it (docs/decisions.md "Test support files").
 */
export const TEST_SUPPORT = /(^|\/)([a-z0-9]+-)*test-support\.ts$/;
/** Build configuration beside the renderer's sources: it runs in Node, not in the page. */
const TOOL_CONFIGS = new Set(['renderer/vite.config.ts']);
/** The only places that may load Electron: the main process glue and the preload script. */
const ELECTRON_GLUE = ['electron/main/', 'electron/preload/'];
const builtins = new Set(builtinModules);
/**
 * Inside electron/ipc/ the roles layer one way: the composition root (compose/) builds the
 * handlers and workflows, handlers call workflows, and neither reaches back up. Tests are exempt
 * (they open a whole backend through compose/test-support).
 */
const IPC_LAYERS: Array<{ folder: string; mayNot: string[]; rule: string }> = [
  {
    folder: 'electron/ipc/workflows',
    mayNot: ['electron/ipc/handlers', 'electron/ipc/compose'],
    rule: 'electron/ipc/workflows/ never imports the handlers or the composition root',
  },
  {
    folder: 'electron/ipc/handlers',
    mayNot: ['electron/ipc/compose'],
    rule: 'electron/ipc/handlers/ never imports the composition root',
  },
];

/** Every module specifier a source file names: static, type-only, re-exports, import(), require(). */
export function importsOf(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

const isElectronPackage = (s: string) => s === 'electron' || s.startsWith('electron/');
const isNodeBuiltin = (s: string) => s.startsWith('node:') || builtins.has(s.split('/')[0] ?? s);

/** Where a relative specifier lands, relative to the repository; null for a package. */
function landing(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return posix.normalize(posix.join(posix.dirname(file), specifier));
}

const under = (path: string | null, folder: string) =>
  path !== null && (path === folder || path.startsWith(`${folder}/`));

/** The rules broken by one file's imports; `file` is its repository path with `/`. */
export function checkImports(file: string, source: string): Violation[] {
  const found: Violation[] = [];
  const flag = (specifier: string, rule: string) => found.push({ file, specifier, rule });
  const shipped = !TEST.test(file) && !TEST_SUPPORT.test(file) && !TOOL_CONFIGS.has(file);
  for (const specifier of importsOf(source)) {
    const target = landing(file, specifier);
    if (file.startsWith('renderer/')) {
      if (under(target, 'electron') || isElectronPackage(specifier))
        flag(specifier, 'renderer/ talks to the main process through the bridge only');
      if (shipped && isNodeBuiltin(specifier))
        flag(specifier, 'renderer/ runs in a sandboxed page: no Node built-ins');
    }
    if (file.startsWith('electron/')) {
      const glue = ELECTRON_GLUE.some((folder) => file.startsWith(folder));
      if (!glue && isElectronPackage(specifier))
        flag(specifier, 'only electron/main and electron/preload import Electron');
      if (under(target, 'renderer')) flag(specifier, "electron/ never loads the renderer's code");
      for (const layer of shipped ? IPC_LAYERS : []) {
        if (under(file, layer.folder) && layer.mayNot.some((folder) => under(target, folder)))
          flag(specifier, layer.rule);
      }
    }
    if (file.startsWith('shared/')) {
      if (target !== null && !under(target, 'shared'))
        flag(specifier, 'shared/ imports only from shared/ (and packages)');
      if (isElectronPackage(specifier)) flag(specifier, 'shared/ runs on both sides: no Electron');
      if (shipped && isNodeBuiltin(specifier))
        flag(specifier, 'shared/ runs in the renderer too: no Node built-ins');
    }
  }
  return found;
}

/** Source files of the ruled folders under `root`, as repository paths with `/`. */
export function ruledSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const folder of RULED_FOLDERS) walk(join(root, folder));
  return files.sort();
}

export function checkRepository(root: string): Violation[] {
  return ruledSourceFiles(root).flatMap((file) =>
    checkImports(file, readFileSync(join(root, file), 'utf8')),
  );
}

export const repositoryRoot = (): string => dirname(dirname(fileURLToPath(import.meta.url)));
