// Runs a bundled worker entry as N child processes (`--shard i --of N` plus `args`), each
// printing one JSON line with its results, and gathers those lines. A worker that dies or prints
// no result fails the run with its stderr.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { ROOT } from './bundle-entry';

/** One per core (two to four): the shards spread the 10,000 cases per target over the cores. */
export const SHARDS = Math.min(4, Math.max(2, availableParallelism()));

export async function runShards<T>(entry: string, args: string[], shards = SHARDS): Promise<T[]> {
  return Promise.all(
    Array.from({ length: shards }, (_, shard) =>
      runOne<T>(entry, [...args, '--shard', String(shard), '--of', String(shards)]),
    ),
  );
}

function runOne<T>(entry: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(last) as T);
      } catch (error) {
        reject(new Error(`worker ${args.join(' ')} failed (${String(error)}): ${stderr}`));
      }
    });
  });
}

/** `--shard`, `--of`, `--seed`, `--cases` of a worker's command line. */
export function shardArgs(argv: string[]): {
  shard: number;
  of: number;
  seed: number;
  cases: number;
} {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    const parsed = Number(argv[at + 1]);
    if (at < 0 || !Number.isInteger(parsed)) throw new Error(`--${name} <integer> is required`);
    return parsed;
  };
  return { shard: value('shard'), of: value('of'), seed: value('seed'), cases: value('cases') };
}
