// mock_rps_ratio: the mock's v3 verify (token check, zod parsing, the funding rules, a JSON
// answer) in requests/s vs Fastify's hello world, both in their own process on loopback so
// autocannon (in this process) never shares their event loop. Same connections and duration;
// a short warm-up first (JIT, connection pools); rounds alternate between the two servers.
// Server CPU per request (from /proc) is reported too: it holds steadier on a shared machine.
import autocannon, { type Options, type Result } from 'autocannon';
import { inStoreEndpoints } from '../shared/api/in-store';
import { hasBaseUrl, startJsonLineProcess } from './json-line-process';
import { createFundingOverHttp, MOCK_TOKEN } from './live-backend';
import { readProcCpuMs } from './proc-stats';
import { median, round } from './stats';
import { CASHIER_ID } from './terminal-setup';

export type RpsResult = {
  mock_rps_ratio: number;
  /** GET /openapi.json (served from memory) vs the same hello world rounds (issue 14). */
  openapi_rps_ratio: number;
  details: Record<string, unknown>;
};

export async function measureMockRps(options: {
  root: string;
  mockCli: string;
  helloServer: string;
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
}): Promise<RpsResult> {
  const accept = { cwd: options.root, accept: hasBaseUrl };
  const mock = await startJsonLineProcess(
    process.execPath,
    [options.mockCli, '--port', '0'],
    accept,
  );
  const hello = await startJsonLineProcess(process.execPath, [options.helloServer], accept);
  try {
    const mockUrl = mock.info.base_url;
    const dni = '41234567';
    const code = await createFundingOverHttp(mockUrl, dni);
    const verify = {
      url: `${mockUrl}${inStoreEndpoints.v3Verify.path}`,
      method: 'POST' as const,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${MOCK_TOKEN}`,
      },
      // The same sale verified again and again: the first Verify binds the funding to this
      // cashier, every later one answers 200 with the same conditions.
      body: JSON.stringify({
        dni,
        funding_code: code,
        billed_amount: 1200,
        cashier_id: CASHIER_ID,
      }),
    };
    const helloTarget = { url: `${hello.info.base_url}/` };
    // As a browser or an OpenAPI tool asks for it: they all take a compressed answer.
    const openapiTarget = {
      url: `${mockUrl}/openapi.json`,
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    };
    const openapiPlainTarget = { url: `${mockUrl}/openapi.json` };
    const echoTarget = { ...verify, url: `${hello.info.base_url}/echo` };
    type Run = { result: Result; cpuUsPerRequest: number };
    /** One autocannon run, with the CPU the server process spent per request meanwhile. */
    const run = async (target: Options, pid: number, duration: number): Promise<Run> => {
      const cpuBefore = await readProcCpuMs(pid);
      const result = await autocannon({ ...target, connections: options.connections, duration });
      const cpuMs = (await readProcCpuMs(pid)) - cpuBefore;
      return { result, cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests.total) };
    };

    await run(verify, mock.pid, options.warmupS);
    await run(helloTarget, hello.pid, options.warmupS);
    await run(echoTarget, hello.pid, options.warmupS);
    await run(openapiTarget, mock.pid, options.warmupS);
    const mockRuns: Run[] = [];
    const helloRuns: Run[] = [];
    const echoRuns: Run[] = [];
    const openapiRuns: Run[] = [];
    for (let i = 0; i < options.rounds; i++) {
      mockRuns.push(await run(verify, mock.pid, options.durationS));
      helloRuns.push(await run(helloTarget, hello.pid, options.durationS));
      openapiRuns.push(await run(openapiTarget, mock.pid, options.durationS));
    }
    // The echo and the uncompressed document only explain the figures: one run each.
    echoRuns.push(await run(echoTarget, hello.pid, options.durationS));
    const openapiPlain = await run(openapiPlainTarget, mock.pid, options.durationS);
    const bad = [...mockRuns, ...openapiRuns].reduce(
      (n, r) => n + r.result.non2xx + r.result.errors,
      0,
    );
    if (bad > 0) throw new Error(`mock verify answered ${bad} non-2xx or failed requests`);
    const rps = (runs: Run[]) => median(runs.map((r) => r.result.requests.average));
    const cpu = (runs: Run[]) => round(median(runs.map((r) => r.cpuUsPerRequest)), 1);
    const each = (runs: Run[]) => runs.map((r) => round(r.result.requests.average, 0));
    return {
      mock_rps_ratio: round(rps(mockRuns) / rps(helloRuns), 3),
      openapi_rps_ratio: round(rps(openapiRuns) / rps(helloRuns), 3),
      details: {
        openapi:
          'GET /openapi.json with Accept-Encoding gzip, deflate, br (as browsers and OpenAPI tools ask)',
        openapi_rps: each(openapiRuns),
        openapi_bytes: round(
          median(openapiRuns.map((r) => r.result.throughput.average)) /
            Math.max(1, rps(openapiRuns)),
          0,
        ),
        openapi_uncompressed_rps: each([openapiPlain]),
        openapi_uncompressed_ratio: round(openapiPlain.result.requests.average / rps(helloRuns), 3),
        connections: options.connections,
        duration_s: options.durationS,
        warmup_s: options.warmupS,
        rounds: options.rounds,
        mock: 'node dist/bench/mock-cli.mjs (electron/mock/cli.ts prebundled) POST v3 verify',
        hello: 'node dist/bench/hello-server.mjs: Fastify GET / → {"hello":"world"}',
        echo: 'same process, POST /echo with the verify body, answered with the parsed body',
        mock_rps: each(mockRuns),
        hello_rps: each(helloRuns),
        echo_rps: each(echoRuns),
        mock_vs_echo_ratio: round(rps(mockRuns) / rps(echoRuns), 3),
        // Server CPU per request (µs): steadier than req/s when other work shares the cores.
        cpu_us_per_request_median: {
          mock: cpu(mockRuns),
          hello: cpu(helloRuns),
          echo: cpu(echoRuns),
          openapi: cpu(openapiRuns),
          openapi_uncompressed: cpu([openapiPlain]),
        },
        cpu_ratio_hello_over_mock: round(cpu(helloRuns) / cpu(mockRuns), 3),
        mock_latency_p50_ms: mockRuns.map((r) => r.result.latency.p50),
        hello_latency_p50_ms: helloRuns.map((r) => r.result.latency.p50),
      },
    };
  } finally {
    await mock.stop();
    await hello.stop();
  }
}
