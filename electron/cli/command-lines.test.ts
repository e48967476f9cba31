// Every command line of the project as a newcomer runs it (issue "What a newcomer met", item 8):
// `--help` answers the usage and exit 0; an unknown option one clear line on stderr and exit 2,
// never a stack trace. Each one exits before it starts anything.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function run(entry: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', MOSTRADOR_STORE_DB_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const COMMANDS = [
  { name: 'mock', entry: 'electron/mock/cli.ts', mentions: '--state-file' },
  { name: 'store-db', entry: 'electron/store-db/cli.ts', mentions: 'migrate --url' },
  { name: 'receipt', entry: 'electron/receipt-printer/cli.ts', mentions: '--printer' },
  { name: 'web', entry: 'electron/web/cli.ts', mentions: '--data-dir' },
] as const;

describe.each(COMMANDS)('npm run $name', ({ name, entry, mentions }) => {
  it('answers --help with its usage on stdout and exit code 0', async () => {
    const answer = await run(entry, ['--help']);
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(new RegExp(`^usage: npm run ${name} -- `));
    expect(answer.stdout).toContain(mentions);
    expect(answer.stderr).toBe('');
  }, 30_000);

  it('answers an unknown option with one line on stderr and exit code 2', async () => {
    const answer = await run(entry, ['--bogus']);
    expect(answer.code).toBe(2);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toBe(
      `${name}: unknown option --bogus (npm run ${name} -- --help lists the options)\n`,
    );
  }, 30_000);
});
