// `npm run build:sandbox`: the integrator sandbox (electron/mock/cli.ts) as one script that runs
// with plain `node`, no node_modules: every dependency is bundled in. docs/sandbox.md.
import { stat } from 'node:fs/promises';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist-sandbox/mostrador-sandbox.mjs';
await build({
  entryPoints: ['electron/mock/cli.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
  // Bundled CommonJS dependencies (Fastify's) still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __sandboxRequire } from 'node:module'; const require = __sandboxRequire(import.meta.url);",
  },
});
const { size } = await stat(outfile);
console.log(`sandbox: ${outfile} (${(size / 1024).toFixed(0)} KiB)`);
