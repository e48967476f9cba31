// The Electron package no longer downloads its runtime at install time; this project's own
// postinstall tries it once so `npm start` can open the desktop app. The download comes from
// outside the npm registry, so on machines that cannot reach it the install must still succeed:
// we print how to get the runtime later and point at browser mode instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const dir = electronDir();
if (!dir) process.exit(0); // production install without dev dependencies
if (process.env.MOSTRADOR_SKIP_ELECTRON_DOWNLOAD || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('[mostrador] Electron runtime download skipped by environment.');
  process.exit(0);
}
const pathFile = join(dir, 'path.txt');
if (existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8')))) {
  process.exit(0);
}
const result = spawnSync(process.execPath, [join(dir, 'install.js')], {
  stdio: ['ignore', 'ignore', 'pipe'],
  timeout: 120_000,
  encoding: 'utf8',
});
if (result.status === 0) {
  console.log('[mostrador] Electron runtime installed.');
} else {
  const reason = (result.stderr || result.error?.message || 'unknown error').split('\n')[0];
  console.warn(
    [
      `[mostrador] WARNING: the Electron runtime could not be downloaded (${reason}).`,
      '[mostrador] The install is complete and everything but the desktop window works:',
      '[mostrador]   npm run web     serves the app in your browser (training mode by default)',
      '[mostrador]   npm test        runs the whole test suite',
      '[mostrador] To get the desktop app later, on a machine that reaches the Electron download',
      '[mostrador] servers (or with ELECTRON_MIRROR set), run: npx install-electron',
    ].join('\n'),
  );
}
