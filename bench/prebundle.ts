// The servers the bench spawns, bundled once with esbuild (node_modules external) and run with
// plain node: what is measured is the app starting, not tsx compiling TypeScript on the fly.
// The bundles go to dist/bench/ (ignored by git) two levels under the root, so browser mode's
// PROJECT_ROOT (`new URL('../..', import.meta.url)`) still finds package.json and dist/renderer.
import { join } from 'node:path';
import { build } from 'esbuild';
import { now } from './stats';

export type Bundles = {
  webCli: string;
  mockCli: string;
  helloServer: string;
  staticServer: string;
  buildMs: number;
};

export async function prebundle(root: string): Promise<Bundles> {
  const outDir = join(root, 'dist', 'bench');
  const entries = {
    'web-cli': join(root, 'electron/web/cli.ts'),
    'mock-cli': join(root, 'electron/mock/cli.ts'),
    'hello-server': join(root, 'bench/hello-server.ts'),
    'static-server': join(root, 'bench/static-server.ts'),
  };
  const started = now();
  await build({
    entryPoints: entries,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return {
    webCli: join(outDir, 'web-cli.mjs'),
    mockCli: join(outDir, 'mock-cli.mjs'),
    helloServer: join(outDir, 'hello-server.mjs'),
    staticServer: join(outDir, 'static-server.mjs'),
    buildMs: now() - started,
  };
}
