import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is loaded from file:// in Electron and from the loopback server in browser mode,
// so every asset path is relative ('./'). The CSP forbids inline script and style, so the build
// must emit only external files; nothing here may inline them.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
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
