// `npm start`: builds what the app needs and opens the Electron desktop app (training mode with
// the built-in mock until a supervisor configures a live service). Where the Electron runtime is
// missing (it is downloaded from outside the npm registry), it says how to get it and starts
// browser mode instead, so the quick start works on every machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function electronBinary() {
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

run('npm', ['run', 'build:renderer', '--silent']);
const binary = electronBinary();
if (binary) {
  run('npm', ['run', 'build:electron', '--silent']);
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.warn(
    [
      '',
      'The Electron runtime is not installed, so the desktop window cannot open here.',
      'To get it, on a machine that reaches the Electron download servers (or with',
      'ELECTRON_MIRROR set to a mirror): npx install-electron, then npm start again.',
      '',
      'Starting browser mode instead (same app, same data; the same as `npm run web`):',
      '',
    ].join('\n'),
  );
  const child = spawn('npx', ['tsx', 'electron/web/cli.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}
