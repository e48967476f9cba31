import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// A plugin for the renderer's build: zod's JSON Schema generator (its `toJSONSchema`, the
// per-type processors, the generator class) is left out of the page. Zod's classic schemas
// import it for a method the renderer never calls (the page only parses), and it cannot be
// tree-shaken, so it cost 8 KiB gzipped of the first chunk (renderer_js_gz in `npm run bench`;
// issue "A counter that has gone silent", item 20). Each of its exports becomes a function that
// throws if ever called; `aggregateChecks` (behind introspection getters such as `minLength`)
// answers "no checks". The main process and the mock keep the real module (OpenAPI).
const LEFT_OUT = ['to-json-schema.js', 'json-schema-processors.js', 'json-schema-generator.js'];

async function zodWithoutJsonSchema(): Promise<Plugin> {
  const require = createRequire(import.meta.url);
  const core = join(dirname(require.resolve('zod/package.json')), 'v4/core');
  const stubs = new Map<string, string>();
  for (const file of LEFT_OUT) {
    const path = join(core, file);
    const names = Object.keys(await import(path));
    const lines = names.map((name) =>
      name === 'aggregateChecks'
        ? 'export const aggregateChecks = () => ({});'
        : `export const ${name} = off;`,
    );
    stubs.set(
      path,
      [
        'const off = () => {',
        "  throw new Error('JSON Schema is not built into the renderer (renderer/vite.config.ts)');",
        '};',
        ...lines,
      ].join('\n'),
    );
  }
  return {
    name: 'mostrador:zod-without-json-schema',
    enforce: 'pre',
    load(id) {
      return stubs.get(id.split('?')[0] ?? id) ?? null;
    },
  };
}

// The renderer is loaded from file:// in Electron and from the loopback server in browser mode,
// so every asset path is relative ('./'). The CSP forbids inline script and style, so the build
// must emit only external files; nothing here may inline them.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react(), zodWithoutJsonSchema()],
  resolve: {
    // Every `zod` import in the page, the shared schemas' included, goes through a module that
    // turns off zod's eval probe first (renderer/bridge/zod-jitless.ts says why).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./bridge/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Two pages: the counter's (index.html) and head office's (head-office.html,
    // docs/head-office.md), which shares the counter's modules and loads none of its screens.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'head-office': fileURLToPath(new URL('./head-office.html', import.meta.url)),
      },
    },
    assetsInlineLimit: 0,
    // No modulepreload polyfill: it would be the only inline-looking helper and Chromium needs none.
    modulePreload: { polyfill: false },
    target: 'chrome120',
    // Vite's 500 kB warning is about pages fetched over a network. This one is read from the
    // terminal's own disk (app:// in Electron, loopback in browser mode), and what it costs at
    // start is measured and budgeted by `npm run bench` (renderer_js_gz). The limit stays as a
    // tripwire for a sudden jump (a dependency pulled into the page by mistake), not for growth.
    chunkSizeWarningLimit: 800,
  },
});
