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
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // No modulepreload polyfill: it would be the only inline-looking helper and Chromium needs none.
    modulePreload: { polyfill: false },
    target: 'chrome120',
  },
});
