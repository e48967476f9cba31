// One seeded kill-and-restart run on a lane: the host is SIGKILLed while a chosen step of the
// cashier's flow is in flight (and sometimes again while it resumes), the journal sometimes gets
// a torn last line as a power cut would leave, and the host is started again on the same data
// dir. Then (kill-checks.ts): the file kept every byte written before the kill, no operation
// begun or answered is lost, every paid-and-billed reached a definite answer, and the mock (a
// separate process that lived through the kills) agrees with the journal.
import { appendFile, stat } from 'node:fs/promises';
import { type SeededRandom, seededRandom } from '../support/seeded-random';
import { newScriptState, runScript, type Sale, STEPS, type Step } from './cashier-script';
import { intentsOf, journalPath, logPath, readJournal, recoveriesLogged } from './journal-lines';
import { checkMock, checkOperations, untilBillingsResolved } from './kill-checks';
import type { Lane } from './kill-lane';
import type { MockServer } from './processes';

export type KillReport = {
  index: number;
  seed: number;
  killedDuring: string[];
  tornInjected: boolean;
  tornByKill: number;
  /** Paid-and-billed operations open at a kill and resolved after a restart. */
  resumed: number;
  /** Verify/Info operations cut by a kill: pending for good (reads are not retried). */
  readsLeftPending: number;
  violations: string[];
};

const sizeOf = async (path: string) => (await stat(path).catch(() => ({ size: 0 }))).size;
const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function killRun(lane: Lane, index: number, seed: number): Promise<KillReport> {
  const rng = seededRandom(seed);
  const report: KillReport = {
    index,
    seed,
    killedDuring: [],
    tornInjected: false,
    tornByKill: 0,
    resumed: 0,
    readsLeftPending: 0,
    violations: [],
  };
  const flag = (text: string) => report.violations.push(text);
  const { dataDir } = lane;
  const from = await sizeOf(journalPath(dataDir));
  const sale = await seedSale(lane.mock, index, rng);
  const state = newScriptState();
  try {
    // 1. The flow, killed while one step's request is in flight.
    const killStep = rng.pick(STEPS);
    // A seeded fraction of how long the step takes on this machine now, so the kill lands
    // inside it (before, between and after its journal writes) however fast the machine is.
    const killDelay = rng.next() * 1.2 * lane.timing.typical(killStep);
    const running = lane.host;
    let timer: NodeJS.Timeout | undefined;
    const started = new Map<Step, number>();
    const finished = await runScript(running, sale, state, {
      started: (step) => {
        started.set(step, performance.now());
        if (step === killStep) timer = setTimeout(() => void running.kill(), killDelay);
      },
      answered: (step) => {
        if (step !== killStep)
          lane.timing.record(step, performance.now() - (started.get(step) ?? 0));
      },
    });
    if (finished) await sleepMs(killDelay + 1);
    clearTimeout(timer);
    await running.kill();
    report.killedDuring.push(
      `${killStep}+${killDelay.toFixed(1)}ms${finished ? ' (after the flow)' : ''}`,
    );

    let atKill = await readJournal(dataDir, from);
    if (atKill.tornTail !== '') report.tornByKill += 1;
    if (rng.chance(0.25)) {
      // A power cut mid-write leaves part of the next line, with no newline.
      report.tornInjected = true;
      await appendFile(journalPath(dataDir), tornLine(rng));
      atKill = await readJournal(dataDir, from);
    }
    const openAtKill = openBillings(atKill);
    const logFrom = await sizeOf(logPath(dataDir));

    // 2. Started again; sometimes killed again while it resumes, and started once more.
    let host = await lane.restart();
    if (rng.chance(0.3)) {
      const delay = rng.next() * 30;
      await sleepMs(delay);
      await host.kill();
      report.killedDuring.push(`resume+${delay.toFixed(1)}ms`);
      const again = await readJournal(dataDir, from);
      if (!again.bytes.subarray(0, atKill.bytes.length).equals(atKill.bytes)) {
        flag('the journal lost or changed bytes written before the first kill');
      }
      if (again.tornTail !== '' && again.tornTail !== atKill.tornTail) report.tornByKill += 1;
      atKill = again;
      host = await lane.restart();
    }

    // 3. The start alone resumes what was open (only polling, as the renderer does: nothing is
    // pressed again yet); then the cashier goes on where the answers stopped.
    await untilBillingsResolved(host, flag);
    if (!(await runScript(host, sale, state))) flag('the host died without a kill');
    await untilBillingsResolved(host, flag);
    await runScript(host, sale, state);

    const now = await readJournal(dataDir, from);
    if (!now.bytes.subarray(0, atKill.bytes.length).equals(atKill.bytes)) {
      flag('the journal lost or changed bytes written before the kill');
    }
    if (report.tornInjected || atKill.tornTail !== '') {
      const logged = await recoveriesLogged(dataDir, logFrom);
      if (!logged.some((r) => r.lastLineTorn && r.skippedLines >= 1)) {
        flag('a torn last line was not reported by the journal at open');
      }
    }
    const counts = await checkOperations(host, { atKill, now, state, openAtKill, flag });
    report.resumed = counts.resumed;
    report.readsLeftPending = counts.readsLeftPending;
    await checkMock(host, lane.mock, sale, now, flag);
  } catch (error) {
    flag(`crash: ${error instanceof Error ? error.message : String(error)}`);
  }
  return report;
}

/** Paid-and-billed operations with no definite outcome on disk: the ones a restart must resume. */
function openBillings(snapshot: Awaited<ReturnType<typeof readJournal>>): Set<string> {
  const definite = new Set(
    snapshot.lines
      .filter((line) => line.type === 'outcome' && line.status !== 'unknown')
      .map((line) => line.op_id),
  );
  return new Set(
    intentsOf(snapshot)
      .filter((line) => line.operation?.endsWith('paidAndBilled') && !definite.has(line.op_id))
      .map((line) => line.op_id),
  );
}

export async function seedSale(mock: MockServer, index: number, rng: SeededRandom): Promise<Sale> {
  const dni = (n: number) => `6${String(index * 2 + n).padStart(7, '0')}`;
  const fund = async (body: Record<string, unknown>) => {
    const response = await fetch(`${mock.baseUrl}/__mock/fundings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`funding not created: ${await response.text()}`);
    return ((await response.json()) as { funding_code: string }).funding_code;
  };
  const credit = rng.int(20_000, 400_000);
  return {
    cashierId: `CAJA-${index % 5}`,
    v3: {
      dni: dni(0),
      code: await fund({ dni: dni(0), credit_line: credit / 100, parts: rng.int(2, 8) }),
      billedCents: rng.chance(0.3) ? credit + rng.int(1, 50_000) : rng.int(5_000, credit),
    },
    v2: {
      dni: dni(1),
      code: await fund({ dni: dni(1), credit_line: rng.int(20_000, 400_000) / 100 }),
    },
  };
}

function tornLine(rng: SeededRandom): string {
  const whole = JSON.stringify({
    seq: 99,
    op_id: '00000000-0000-4000-8000-000000000000',
    type: 'attempt',
    at: '2026-03-10T15:00:00.000Z',
    attempt: 2,
    delay_ms: 0,
  });
  return whole.slice(0, rng.int(1, whole.length - 1));
}
