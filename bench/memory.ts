// host_rss_mb and mock_rss_mb: peak resident memory (VmHWM) of the two server processes, each
// beside its own idle figure taken in the same run.
// Host: browser mode (prebundled, fresh data dir) in live mode against a mock server process,
// through a scripted shift over the HTTP bridge: per sale a funding made at the mock, Verify and
// Paid-and-billed; every 20 sales the day summary screen's two calls (summary with detail, and
// the journal's day).
// Mock: the mock server process holding 100,000 fundings made through POST /__mock/fundings.
import { cp, rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { dayInZone } from '../electron/mock/clock';
import { httpBridge, openSession } from './bridge-client';
import { hasBaseUrl, hasUrl, startJsonLineProcess } from './json-line-process';
import { createFundingOverHttp, MOCK_TOKEN } from './live-backend';
import { type ProcMemory, readProcMemory } from './proc-stats';
import { now, round } from './stats';
import { makeTempDir, SUPERVISOR_PIN } from './terminal-setup';

export type MemoryResult = {
  /** Where the growth is, for the table's "why" when a goal is missed. */
  host_why: string;
  mock_why: string;
  host_rss_mb: number;
  host_idle_rss_mb: number;
  mock_rss_mb: number;
  mock_idle_rss_mb: number;
  details: Record<string, unknown>;
};

export async function measureMemory(options: {
  root: string;
  webCli: string;
  mockCli: string;
  template: string;
  sales: number;
  summaryEvery: number;
  fundings: number;
}): Promise<MemoryResult> {
  const host = await measureHost(options);
  // Diagnosis, not the figure: the same shift with glibc returning freed memory to the system
  // early. The difference is memory malloc keeps after Node has freed it, not live data.
  const trimmed = await measureHost({ ...options, env: { MALLOC_TRIM_THRESHOLD_: '131072' } });
  const mock = await measureMock(options);
  const why = (
    side: { peak: number; idle: number; idleMem: ProcMemory; end: ProcMemory },
    trimmedPeak?: number,
  ) =>
    `peak ${mb(side.peak)} MB = idle ${mb(side.idle)} + ${mb(side.peak - side.idle)} MB; ` +
    `anonymous memory (V8 heap, malloc arenas) ${mb(side.idleMem.anonMb)} → ${mb(side.end.anonMb)} MB, ` +
    `file-backed ${mb(side.idleMem.fileMb)} → ${mb(side.end.fileMb)} MB` +
    (trimmedPeak !== undefined
      ? `; with glibc trimming freed memory early the peak is ${mb(trimmedPeak)} MB`
      : '');
  return {
    host_why: why(host, trimmed.peak),
    mock_why: why(mock),
    host_rss_mb: host.peak,
    host_idle_rss_mb: host.idle,
    mock_rss_mb: mock.peak,
    mock_idle_rss_mb: mock.idle,
    details: {
      host: host.details,
      host_with_malloc_trim_threshold_128k: trimmed.details,
      mock: mock.details,
    },
  };
}

const mb = (value: number) => round(value, 1);

export async function measureHost(options: {
  root: string;
  webCli: string;
  mockCli: string;
  template: string;
  sales: number;
  summaryEvery: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
}) {
  const accept = { cwd: options.root };
  const mock = await startJsonLineProcess(process.execPath, [options.mockCli, '--port', '0'], {
    ...accept,
    accept: hasBaseUrl,
  });
  const dataDir = await makeTempDir('shift');
  await cp(options.template, dataDir, { recursive: true });
  const host = await startJsonLineProcess(
    process.execPath,
    [...(options.nodeArgs ?? []), options.webCli, '--port', '0', '--data-dir', dataDir],
    { ...accept, accept: hasUrl, ...(options.env ? { env: options.env } : {}) },
  );
  try {
    const baseUrl = mock.info.base_url;
    const bridge = httpBridge(host.info.url, await openSession(host.info.url));
    await bridge.call('token.set', {
      pin: SUPERVISOR_PIN,
      token: MOCK_TOKEN,
      allow_weak_encryption: true,
    });
    const settings = await bridge.call('settings.update', {
      pin: SUPERVISOR_PIN,
      change: { mode: 'live', base_url: baseUrl },
    });
    const idle = await readProcMemory(host.pid);
    const day = dayInZone(new Date(), settings.time_zone);
    const started = now();
    let summaryRows = 0;
    for (let i = 1; i <= options.sales; i++) {
      const dni = `6${String(i).padStart(7, '0')}`;
      const code = await createFundingOverHttp(baseUrl, dni);
      const verified = await bridge.call('v3.verify', {
        identity: { kind: 'dni', value: dni },
        funding_code: code,
        billed_cents: 120_000,
      });
      if (verified.status !== 'succeeded') throw new Error(`sale ${i}: verify ${verified.status}`);
      const billed = await bridge.call('v3.paidAndBilled', { verify_op_id: verified.op_id });
      if (billed.status !== 'succeeded') throw new Error(`sale ${i}: billed ${billed.status}`);
      if (i % options.summaryEvery === 0) {
        const summary = await bridge.call('v2.daySummary', { day, detail: true });
        if (summary.status === 'succeeded')
          summaryRows = summary.data.summary.order_detail?.length ?? 0;
        await bridge.call('journal.operations', { day });
      }
    }
    const shiftMs = now() - started;
    const end = await readProcMemory(host.pid);
    return {
      peak: mb(end.hwmMb),
      idle: mb(idle.rssMb),
      idleMem: idle,
      end,
      details: {
        process: 'node dist/bench/web-cli.mjs, live mode against node dist/bench/mock-cli.mjs',
        sales: options.sales,
        day_summary_every: options.summaryEvery,
        last_summary_rows: summaryRows,
        shift_ms: round(shiftMs, 0),
        idle_rss_mb: mb(idle.rssMb),
        peak_before_shift_mb: mb(idle.hwmMb),
        end_rss_mb: mb(end.rssMb),
        peak_rss_mb: mb(end.hwmMb),
      },
    };
  } finally {
    await host.stop();
    await mock.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureMock(options: { root: string; mockCli: string; fundings: number }) {
  const mock = await startJsonLineProcess(process.execPath, [options.mockCli, '--port', '0'], {
    cwd: options.root,
    accept: hasBaseUrl,
  });
  try {
    const baseUrl = mock.info.base_url;
    await createFundingOverHttp(baseUrl, '41000000'); // first request: lazy route setup
    const idle = await readProcMemory(mock.pid);
    const started = now();
    const result = await autocannon({
      url: `${baseUrl}/__mock/fundings`,
      method: 'POST',
      headers: { Authorization: `Bearer ${MOCK_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ dni: '41234567', credit_line: 1500 }),
      connections: 10,
      pipelining: 10,
      amount: options.fundings,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`seeding: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    // With pipelining autocannon may stop a few requests short of `amount`: topped up here.
    let made = result['2xx'];
    for (; made < options.fundings; made++) await createFundingOverHttp(baseUrl, '41234567');
    const seedMs = now() - started;
    const end = await readProcMemory(mock.pid);
    return {
      peak: mb(end.hwmMb),
      idle: mb(idle.rssMb),
      idleMem: idle,
      end,
      details: {
        process: 'node dist/bench/mock-cli.mjs',
        fundings: made + 1,
        seeding: 'POST /__mock/fundings with autocannon (10 connections, pipelining 10)',
        seed_ms: round(seedMs, 0),
        idle_rss_mb: mb(idle.rssMb),
        end_rss_mb: mb(end.rssMb),
        peak_rss_mb: mb(end.hwmMb),
      },
    };
  } finally {
    await mock.stop();
  }
}
