// The sandbox's document, and the till's integration API document built by the same pieces, as
// integrators' own tools read them: Spectral with `spectral:oas` and Redocly with `recommended`
// (electron/mock/openapi/lint/) must find nothing at all, not even a hint or a warning.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntegrationOpenApi } from '../../integration/openapi';
import { buildOpenApiDocument } from './build-openapi-document';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LINT = join(ROOT, 'electron/mock/openapi/lint');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

let dir: string;
const documents = {
  sandbox: () => buildOpenApiDocument({ baseUrl: 'http://127.0.0.1:4010' }),
  'integration API': () => buildIntegrationOpenApi('http://127.0.0.1:4700'),
};
const fileOf = (name: string) => join(dir, `${name.replace(/\W+/g, '-')}.json`);
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  for (const [name, build] of Object.entries(documents)) {
    await writeFile(fileOf(name), JSON.stringify(build(), null, 2));
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a CLI, keeping its stdout whatever the exit code (a finding exits non-zero). */
async function output(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? '';
  }
}

describe.each(Object.keys(documents))('external linters on the %s document', (name) => {
  it('Spectral (spectral:oas) reports no error, warning, info or hint', async () => {
    const stdout = await output(bin('spectral'), [
      'lint',
      '--ruleset',
      join(LINT, 'spectral.yaml'),
      '--fail-severity=hint',
      '--format=json',
      fileOf(name),
    ]);
    const problems = JSON.parse(stdout.slice(0, stdout.lastIndexOf(']') + 1)) as unknown[];
    expect(problems).toEqual([]);
  }, 120_000);

  it('Redocly (recommended) reports no error and no warning', async () => {
    const stdout = await output(bin('redocly'), [
      'lint',
      '--config',
      join(LINT, 'redocly.yaml'),
      '--format=json',
      fileOf(name),
    ]);
    const report = JSON.parse(stdout) as { totals: unknown; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
