// Finds the Electron runtime the way the `electron` package does, without triggering its lazy
// download: the e2e test of the desktop shell runs only where the runtime is really there.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function electronExecutable(): string | null {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8'));
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}
