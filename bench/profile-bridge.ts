// A profiling driver, not a figure: N v3 verifies and paid-and-billeds through the real bridge
// (live mode, mock on loopback), to run under `node --cpu-prof`. The numbers it prints are the
// wall-clock medians of each call and of the journal and HTTP parts, as bridge-overhead.ts cuts them.
// `node --import tsx --cpu-prof bench/profile-bridge.ts [calls]`
import { createFundingOverHttp, openLiveBackend } from './live-backend';
import { median, now, round } from './stats';
import { callTable } from './terminal-setup';

const calls = Number(process.argv[2] ?? 500);
const live = await openLiveBackend();
try {
  const codes: Array<{ dni: string; code: string }> = [];
  for (let i = 0; i < calls; i++) {
    const dni = `4${String(i + 1).padStart(7, '0')}`;
    codes.push({ dni, code: await createFundingOverHttp(live.baseUrl, dni) });
  }
  const verify: number[] = [];
  const billed: number[] = [];
  const journal: number[] = [];
  const http: number[] = [];
  for (const { dni, code } of codes) {
    live.resetParts();
    let started = now();
    const answer = await callTable(live.backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: dni },
      funding_code: code,
      billed_cents: 120_000,
    });
    verify.push(now() - started);
    journal.push(live.parts.journal);
    http.push(live.parts.transport);
    if (answer.status !== 'succeeded') throw new Error('verify failed');
    started = now();
    await callTable(live.backend.table, 'v3.paidAndBilled', { verify_op_id: answer.op_id });
    billed.push(now() - started);
  }
  const m = (a: number[]) => round(median(a));
  process.stdout.write(
    `${JSON.stringify({ verify: m(verify), billed: m(billed), verify_journal: m(journal), verify_http: m(http) })}\n`,
  );
} finally {
  await live.close();
}
