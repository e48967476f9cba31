// renderer_js_gz vs baseline_js_gz: the built renderer's JavaScript, gzipped, beside a minimal
// React + zustand page built in the same run with the same Vite + @vitejs/plugin-react settings.
// Sizes are deterministic, so each is built once; the module breakdown says where bytes go.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { now, round } from './stats';

export type BundleResult = {
  /** The baseline page's build, kept for the cold-start yardstick; removed by `cleanup`. */
  baselineOutDir: string;
  cleanup(): Promise<void>;
  renderer_js_gz: number;
  baseline_js_gz: number;
  details: {
    gzip_level: number;
    runs: number;
    renderer: SideDetails & { loaded_at_start: string[]; all_js_gz: number };
    baseline: SideDetails;
    /** Where the renderer's bytes come from: rendered bytes and each group gzipped alone. */
    renderer_breakdown: Array<{ group: string; bytes: number; gz_alone: number }>;
  };
};

type SideDetails = { files: Array<{ file: string; bytes: number; gz: number }>; build_ms: number };

const GZIP_LEVEL = 9;
const gz = (data: string | Buffer) => gzipSync(data, { level: GZIP_LEVEL }).length;

const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>baseline</title>
    <script type="module" src="./main.tsx"></script></head>
  <body><div id="root"></div></body>
</html>
`;

// The smallest page that uses what the renderer is built on: React 19, react-dom's client root,
// and a zustand store read by a component. Its button is what the cold-start yardstick waits for.
const BASELINE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';

type Counter = { count: number; add: () => void };
const useCounter = create<Counter>((set) => ({ count: 0, add: () => set((s) => ({ count: s.count + 1 })) }));

function App() {
  const { count, add } = useCounter();
  return <button type="button" onClick={add}>{count}</button>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
`;

export async function measureBundles(root: string): Promise<BundleResult> {
  const started = now();
  const rendererOut = await build({
    configFile: join(root, 'renderer/vite.config.ts'),
    logLevel: 'warn',
  });
  const rendererMs = now() - started;
  const renderer = await jsFiles(join(root, 'dist/renderer'));
  // What a terminal downloads to start: the scripts index.html names (entry and preloads).
  // Chunks loaded on demand (the English catalogue, for a Spanish terminal) are counted apart.
  const atStart = await startupScripts(join(root, 'dist/renderer/index.html'));

  // Inside the project (dist/ is ignored by git) so `react` and `zustand` resolve from its
  // node_modules exactly as the renderer's do; removed afterwards.
  await mkdir(join(root, 'dist/bench'), { recursive: true });
  const dir = await mkdtemp(join(root, 'dist/bench/baseline-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await writeFile(join(dir, 'index.html'), BASELINE_HTML);
    await writeFile(join(dir, 'main.tsx'), BASELINE_MAIN);
    const baselineStarted = now();
    // The renderer's vite.config.ts, repeated: same plugin, base, target and preload options.
    await build({
      configFile: false,
      root: dir,
      base: './',
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: join(dir, 'out'),
        emptyOutDir: true,
        assetsInlineLimit: 0,
        modulePreload: { polyfill: false },
        target: 'chrome120',
      },
    });
    const baselineMs = now() - baselineStarted;
    const baseline = await jsFiles(join(dir, 'out'));
    return {
      baselineOutDir: join(dir, 'out'),
      cleanup,
      renderer_js_gz: sum(renderer.filter((f) => atStart.has(f.file)).map((f) => f.gz)),
      baseline_js_gz: sum(baseline.map((f) => f.gz)),
      details: {
        gzip_level: GZIP_LEVEL,
        runs: 1,
        renderer: {
          files: renderer,
          build_ms: round(rendererMs, 0),
          loaded_at_start: [...atStart],
          all_js_gz: sum(renderer.map((f) => f.gz)),
        },
        baseline: { files: baseline, build_ms: round(baselineMs, 0) },
        renderer_breakdown: breakdown(rendererOut),
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function jsFiles(outDir: string) {
  const files: Array<{ file: string; bytes: number; gz: number }> = [];
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, `${prefix}${entry.name}/`);
      else if (/\.m?js$/.test(entry.name)) {
        const data = await readFile(path);
        files.push({ file: `${prefix}${entry.name}`, bytes: data.length, gz: gz(data) });
      }
    }
  };
  await walk(outDir, '');
  return files;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The .js files index.html loads itself (`<script src>`, `<link rel="modulepreload">`). */
async function startupScripts(indexHtml: string): Promise<Set<string>> {
  const html = await readFile(indexHtml, 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\.?\/?([^"]+\.m?js)"/g)) {
    if (match[1]) found.add(match[1]);
  }
  return found;
}

/** Groups the bundle's modules by npm package, or by the project folder they come from. */
function breakdown(output: Awaited<ReturnType<typeof build>>) {
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const groups = new Map<string, string[]>();
  for (const out of outputs) {
    if (!out || !('output' in out)) continue;
    for (const chunk of out.output) {
      if (chunk.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (!module.code) continue;
        const group = groupOf(id);
        groups.set(group, [...(groups.get(group) ?? []), module.code]);
      }
    }
  }
  return [...groups.entries()]
    .map(([group, codes]) => {
      const text = codes.join('\n');
      return { group, bytes: Buffer.byteLength(text), gz_alone: gz(text) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

function groupOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg?.[1]) return pkg[1];
  const local = /\/(renderer|shared|electron)\/([^/]+)\//.exec(id);
  if (local) return `${local[1]}/${local[2]}`;
  return id.startsWith('\0') ? 'virtual' : 'other';
}
