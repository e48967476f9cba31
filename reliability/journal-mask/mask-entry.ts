// A counter's journal in a process of its own, for the masking kill runs (mask-kill.test.ts):
// `fill` journals sales; `mask` masks every customer the journal may mask while it keeps
// journaling sales, and at the point named by MASK_KILL_AT it prints `AT <point>` and waits to be
// SIGKILLed. Every append that resolved is printed (`APPENDED <op_id>`): those must survive.
import { openJournal } from '../../electron/journal';
import type { MaskPoint } from '../../electron/journal/mask-in-place';

const [command, dir, countText] = process.argv.slice(2);
const count = Number(countText ?? '0');
const killAt = process.env.MASK_KILL_AT as MaskPoint | undefined;
const killAfter = Number(process.env.MASK_KILL_AFTER ?? '1');
let clockMs = Date.parse('2026-03-10T15:00:00.000Z');
const tick = () => {
  clockMs += 1000;
  return new Date(clockMs);
};
const journal = await openJournal({ dir: dir ?? '.', clock: tick });

const say = (line: string) => process.stdout.write(`${line}\n`);

async function sale(i: number): Promise<void> {
  const dni = String(41_000_000 + i);
  const code = `K${String(i).padStart(5, '0')}`;
  const verify = await journal.recordIntent({
    operation: 'v3.verify',
    mode: 'live',
    cashier_id: 'caja-01',
    identity: { kind: 'dni', value: dni },
    funding_code: code,
    billed_cents: 150_000,
    request: { dni, funding_code: code, billed_amount: 1500, cashier_id: 'caja-01' },
  });
  await journal.recordOutcome(verify, {
    status: 'succeeded',
    http_status: 200,
    result: { info: { dni, funding_code: code } },
  });
  const billing = await journal.recordIntent({
    operation: 'v3.paidAndBilled',
    mode: 'live',
    cashier_id: 'caja-01',
    identity: { kind: 'dni', value: dni },
    funding_code: code,
    billed_cents: 150_000,
    to_collect_cents: 37_500,
    request: { dni, funding_code: code, billed_amount: 1500, cashier_id: 'caja-01' },
    meta: { verify_op_id: verify },
  });
  await journal.recordOutcome(billing, { status: 'succeeded', http_status: 200 });
  say(`APPENDED ${billing}`);
}

if (command === 'fill') {
  for (let i = 0; i < count; i += 1) await sale(i);
  await journal.close();
  say('DONE');
} else if (command === 'mask') {
  let seen = 0;
  let stop = false;
  // Sales go on while the journal masks, as at a counter.
  const selling = (async () => {
    for (let i = count; !stop; i += 1) await sale(i);
  })();
  const report = await journal.maskIdentities(() => true, {
    at: async (point) => {
      if (point !== killAt) return;
      seen += 1;
      if (seen < killAfter) return;
      say(`AT ${point}`);
      // Waits for the SIGKILL, appends still running beside it.
      await new Promise(() => undefined);
    },
  });
  stop = true;
  await selling;
  await journal.close();
  say(`MASKED ${JSON.stringify(report)}`);
}
