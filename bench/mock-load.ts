// A sustained load on the mock (20 s at 50 connections): v3 verify alone, then a mixed set
// (verify, v2 day summary, GET /openapi.json, GET /docs) with p50/p99/max. Under load a slow
// endpoint shows in the mixed p99 and drags the whole set, which verify alone hides.
// Standalone: `npx tsx bench/mock-load.ts [mock-cli]` (a prebundled or .ts mock CLI).
import autocannon, { type Options, type Result } from 'autocannon';
import { inStoreEndpoints } from '../shared/api/in-store';
import { hasBaseUrl, startJsonLineProcess } from './json-line-process';
import { createFundingOverHttp, MOCK_TOKEN } from './live-backend';
import { CASHIER_ID } from './terminal-setup';

export type LoadFigures = {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  bad: number;
};
/** One request of autocannon's `requests` sequence (its typings leave the option out). */
type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = { verify: LoadFigures; mixed: LoadFigures };

const figures = (result: Result): LoadFigures => ({
  rps: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  max_ms: (result.latency as { max?: number }).max ?? 0,
  bad: result.non2xx + result.errors + result.timeouts,
});

export async function measureMockLoad(options: {
  root: string;
  mockCli: string;
  connections: number;
  durationS: number;
}): Promise<LoadResult> {
  const args = options.mockCli.endsWith('.ts')
    ? ['--import', 'tsx', options.mockCli, '--port', '0']
    : [options.mockCli, '--port', '0'];
  const mock = await startJsonLineProcess(process.execPath, args, {
    cwd: options.root,
    accept: hasBaseUrl,
  });
  try {
    const base = mock.info.base_url;
    const dni = '41234567';
    const code = await createFundingOverHttp(base, dni);
    const headers = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${MOCK_TOKEN}`,
    };
    const verifyBody = JSON.stringify({
      dni,
      funding_code: code,
      billed_amount: 1200,
      cashier_id: CASHIER_ID,
    });
    const verify = {
      method: 'POST' as const,
      path: inStoreEndpoints.v3Verify.path,
      headers,
      body: verifyBody,
    };
    const today = new Date().toISOString().slice(0, 10);
    const mixed: LoadRequest[] = [
      verify,
      { method: 'GET', path: `${inStoreEndpoints.v2DaySummary.path}?day=${today}`, headers },
      { method: 'GET', path: '/openapi.json' },
      { method: 'GET', path: '/docs' },
    ];
    const run = (requests: LoadRequest[], duration = options.durationS) =>
      autocannon({ url: base, connections: options.connections, duration, requests } as Options);
    await run(mixed, 1);
    return { verify: figures(await run([verify])), mixed: figures(await run(mixed)) };
  } finally {
    await mock.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mockCli = process.argv[2] ?? 'electron/mock/cli.ts';
  const result = await measureMockLoad({
    root: process.cwd(),
    mockCli,
    connections: 50,
    durationS: 20,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
