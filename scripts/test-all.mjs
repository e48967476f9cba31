// `npm test`: everything CI runs, in order, stopping at the first failing stage, then one plain
// closing line with the counts of every test run ("tests: N passed, N failed, N skipped").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
// Absolute: Playwright resolves a relative report path against its config's folder.
const playwrightJson = resolve(reports, 'playwright.json');

const stages = [
  // The same scripts a developer runs, so `npm run lint` and `npm test` can never judge apart.
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  [
    'unit and integration tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  ],
  ['renderer build', 'npm', ['run', 'build:renderer']],
  ['electron build', 'npm', ['run', 'build:electron']],
  [
    'e2e tests (Chromium, browser mode)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  ],
];

let failedStage = null;
for (const [name, command, args, env = {}] of stages) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) {
    failedStage = name;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  counts.passed += v.numPassedTests ?? 0;
  counts.failed += v.numFailedTests ?? 0;
  // A file that fails to load (a syntax error, a throwing import) runs no test, so Vitest's test
  // counts miss it; it counts here as one failed test.
  counts.failed += (v.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  counts.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  counts.passed += p.stats?.expected ?? 0;
  counts.failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  counts.skipped += p.stats?.skipped ?? 0;
  // Errors outside any test (a spec that fails to load, a broken global setup) count as failed.
  counts.failed += (p.errors ?? []).length;
}
// CI keeps only the tail of this output: each failed e2e test's error and the page as the test
// last saw it (Playwright's error context) go last, where they are still read.
if (existsSync(playwrightJson)) printE2eFailures(JSON.parse(readFileSync(playwrightJson, 'utf8')));
if (failedStage) console.error(`\nFAILED at stage: ${failedStage}`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage || counts.failed > 0 ? 1 : 0);

/** The first lines of each failed e2e test's error and error context, ANSI colours removed. */
function printE2eFailures(report) {
  const plain = (text) => stripVTControlCharacters(String(text ?? ''));
  const head = (text, lines) => plain(text).split('\n').slice(0, lines).join('\n');
  const failed = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          if (result.status === 'failed' || result.status === 'timedOut')
            failed.push({ title: [...titles, spec.title].filter(Boolean).join(' › '), result });
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const { title, result } of failed) {
    console.error(`\n--- e2e failure: ${title} (${result.status}, ${result.duration} ms)`);
    for (const error of result.errors ?? []) console.error(head(error.message, 30));
    const context = (result.attachments ?? []).find((a) => a.name === 'error-context' && a.path);
    if (context && existsSync(context.path)) {
      const text = readFileSync(context.path, 'utf8');
      const snapshot = text.indexOf('# Page snapshot');
      console.error(`page when it failed:\n${head(text.slice(Math.max(snapshot, 0)), 80)}`);
    }
  }
}
