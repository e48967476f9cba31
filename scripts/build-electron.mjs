// Bundles the Electron main process and the preload script with esbuild. The preload runs in a
// sandboxed renderer, where only a few modules can be required, so it is one self-contained
// CommonJS file; the main process keeps node_modules external (they ship inside the package).
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: ['electron/main/index.ts'],
  outfile: 'dist-electron/main.cjs',
  format: 'cjs',
  packages: 'external',
});
await build({
  ...common,
  entryPoints: ['electron/preload/index.ts'],
  outfile: 'dist-electron/preload.cjs',
  format: 'cjs',
  external: ['electron'],
});
console.log('electron: dist-electron/main.cjs, dist-electron/preload.cjs');
