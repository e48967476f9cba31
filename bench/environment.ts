// Where the figures were taken: they mean little without the machine, and on a shared machine
// the load average says how much other work competed with the bench.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { CHROMIUM_PATH } from './chromium';

const run = promisify(execFile);

export async function describeEnvironment() {
  const chromium = await run(CHROMIUM_PATH, ['--version']).then(
    (r) => r.stdout.trim(),
    () => 'unknown',
  );
  const cpu = cpus();
  return {
    node: process.version,
    chromium,
    platform: `${process.platform} ${process.arch}`,
    cpu_count: cpu.length,
    cpu_model: cpu[0]?.model ?? 'unknown',
    total_mem_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    free_mem_gib_at_start: Math.round((freemem() / 2 ** 30) * 10) / 10,
    tmp_dir: tmpdir(),
    tmp_fs: await fsTypeOf(tmpdir()),
  };
}

export const loadAverage = () => loadavg().map((n) => Math.round(n * 100) / 100);

/** The file system type of the longest mount point containing `path` (journal fsync depends on it). */
async function fsTypeOf(path: string): Promise<string> {
  try {
    const mounts = (await readFile('/proc/mounts', 'utf8')).split('\n').map((l) => l.split(' '));
    let best = { point: '', type: 'unknown' };
    for (const [, point = '', type = 'unknown'] of mounts) {
      const inside = path === point || path.startsWith(point.endsWith('/') ? point : `${point}/`);
      if (inside && point.length > best.point.length) best = { point, type };
    }
    return `${best.type} (${best.point})`;
  } catch {
    return 'unknown';
  }
}
