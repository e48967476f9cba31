// One seeded kill run of a till's sale request: the host is SIGKILLed while the till's POST, the
// cashier's Verify or the confirm is in flight, then started again on the same data dir; the
// till POSTs again if its answer was lost and waits for the final state. What must hold: one
// sale request per request_id, billed only when the service (the mock) billed it, never a
// second billing, canceled only when nothing was billed, and no state left unknown.
import { type SeededRandom, seededRandom } from '../support/seeded-random';
import { intentsOf, readJournal } from './journal-lines';
import type { Lane } from './kill-lane';
import { seedSale } from './kill-run';
import { mockStateOf } from './mock-checks';
import {
  type CancelPlan,
  newTillState,
  runTill,
  TILL_STEPS,
  type TillSale,
  type TillStep,
  tillCall,
} from './till-script';

export type TillKillReport = {
  index: number;
  seed: number;
  killedDuring: string;
  finalState: string;
  falseBilled: number;
  doubleEffects: number;
  violations: string[];
};

const sleepMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long each step takes on this machine now (a running mean), to aim the kills inside it. */
const typical = new Map<TillStep, number>();
const CANCELS: CancelPlan[] = ['none', 'none', 'before-verify', 'after-verify', 'with-bill'];

export async function tillKillRun(
  lane: Lane,
  index: number,
  seed: number,
): Promise<TillKillReport> {
  const rng: SeededRandom = seededRandom(seed);
  const report: TillKillReport = {
    index,
    seed,
    killedDuring: '',
    finalState: '',
    falseBilled: 0,
    doubleEffects: 0,
    violations: [],
  };
  const flag = (text: string) => report.violations.push(text);
  try {
    const seeded = await seedSale(lane.mock, 5_000 + index, rng);
    const sale: TillSale = {
      requestId: `TILL-${seed}-${index}`,
      cashierId: seeded.cashierId,
      dni: seeded.v3.dni,
      code: seeded.v3.code,
      billedCents: seeded.v3.billedCents,
      cancel: rng.pick(CANCELS),
    };
    const state = newTillState();
    const killStep: TillStep = rng.pick(TILL_STEPS);
    const killDelay = rng.next() * 1.2 * (typical.get(killStep) ?? 30);
    const running = lane.host;
    let timer: NodeJS.Timeout | undefined;
    const began = new Map<TillStep, number>();
    const finished = await runTill(running, sale, state, {
      started: (step) => {
        began.set(step, performance.now());
        if (step === killStep) timer = setTimeout(() => void running.kill(), killDelay);
      },
      answered: (step) => {
        const ms = performance.now() - (began.get(step) ?? performance.now());
        if (step !== killStep) typical.set(step, ((typical.get(step) ?? ms) * 3 + ms) / 4);
      },
    });
    if (finished) await sleepMs(killDelay + 1);
    clearTimeout(timer);
    await running.kill();
    report.killedDuring = `${killStep}+${killDelay.toFixed(1)}ms (cancel ${sale.cancel})`;

    const host = await lane.restart();
    if (!(await runTill(host, sale, state))) flag('the host died without a kill');
    // The till's retry after a lost answer, and once more as a careful till would.
    const again = await tillCall(host, 'POST', '/integration/v1/sale-requests', {
      request_id: sale.requestId,
      billed_amount: sale.billedCents / 100,
    });
    if (again?.status !== 200) flag(`a repeated POST answered ${again?.status}`);
    if (state.posts.includes(409)) flag('a repeated POST answered 409');

    let record: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) {
      const read = await tillCall(
        host,
        'GET',
        `/integration/v1/sale-requests/${sale.requestId}?wait=2`,
      );
      record = read?.json ?? {};
      if (record.state !== 'unknown') break;
    }
    report.finalState = String(record.state);
    const journal = await readJournal(lane.dataDir);
    const requests = intentsOf(journal).filter(
      (line) =>
        line.operation === 'integration.saleRequest' &&
        (line as { meta?: { request_id?: string } }).meta?.request_id === sale.requestId,
    );
    if (requests.length !== 1) {
      report.doubleEffects += requests.length > 1 ? 1 : 0;
      flag(`${requests.length} sale requests journaled for one request_id`);
    }
    const mock = await mockStateOf(lane.mock, sale.dni, sale.code);
    if (mock.externalRows.length > 1) {
      report.doubleEffects += 1;
      flag(`billed twice: ${mock.externalRows.join(', ')}`);
    }
    if (record.state === 'billed' && !mock.billed) {
      report.falseBilled += 1;
      flag('billed to the till, but the service never billed it');
    }
    if ((record.state === 'canceled' || record.state === 'refused') && mock.billed) {
      flag(`${String(record.state)} to the till, but the service billed it`);
    }
    if (!['billed', 'canceled', 'refused'].includes(String(record.state))) {
      if (!(state.closed || sale.cancel !== 'none')) flag(`left ${String(record.state)}`);
      else if (record.state === 'unknown') flag('left unknown');
    }
  } catch (error) {
    flag(`crash: ${error instanceof Error ? error.message : String(error)}`);
  }
  return report;
}
