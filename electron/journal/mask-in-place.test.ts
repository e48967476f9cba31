// The journal masks its customers in place (docs/personal-data.md "A counter keeps less"): every
// line keeps its bytes' length, so every offset (the replication cursor's) and every seq,
// outcome and amount stay; what is open, held or still to announce keeps its DNI.
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identityStrings, isMaskedIdentity } from '../../shared/personal-data/mask';
import { type Journal, openJournal } from './journal';
import { maskLine, sameBytesMask } from './mask-line';
import { openLineReader } from './read-lines-after';
import { makeTempDir, paidAndBilledIntent, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
const time = testClock();

beforeEach(async () => {
  temp = await makeTempDir();
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
});
afterEach(async () => {
  await journal.close();
  await temp.remove();
});

const lines = async () => (await readFile(journal.path, 'utf8')).split('\n').filter(Boolean);

/** Every field of a line but the customer's identity strings (masked or not). */
const withoutIdentities = (line: string) => {
  let text = line;
  for (const v of identityStrings(JSON.parse(line)))
    text = text.split(JSON.stringify(v)).join('"·"');
  return text;
};

async function sell(dni: string, code: string, status: 'succeeded' | 'refused' | 'unknown') {
  const verify = await journal.recordIntent(
    paidAndBilledIntent({
      operation: 'v3.verify',
      identity: { kind: 'dni', value: dni },
      funding_code: code,
      request: { dni, funding_code: code, billed_amount: 1500, cashier_id: 'caja-01' },
    }),
  );
  // The service's answer echoes the DNI (FundingConditions.dni).
  await journal.recordOutcome(verify, {
    status: 'succeeded',
    http_status: 200,
    result: { info: { dni, funding_code: code, downpayment_amount_inhouse: 375 } },
  });
  const billing = await journal.recordIntent(
    paidAndBilledIntent({
      identity: { kind: 'dni', value: dni },
      funding_code: code,
      request: { dni, funding_code: code, billed_amount: 1500, cashier_id: 'caja-01' },
      meta: { verify_op_id: verify },
    }),
  );
  if (status === 'succeeded') await journal.recordOutcome(billing, { status, http_status: 200 });
  if (status === 'refused')
    await journal.recordOutcome(billing, {
      status,
      http_status: 400,
      service_message: 'Funding is not active',
    });
  if (status === 'unknown')
    await journal.recordOutcome(billing, { status, error_category: 'timeout' });
  return { verify, billing };
}

describe('masking a customer in the journal file', () => {
  it('keeps every line’s length, seq, outcome and amounts; open and held money keep their DNI', async () => {
    const done = await sell('41000678', 'SOLD01', 'succeeded');
    const held = await sell('41000912', 'HELD01', 'refused');
    const open = await sell('41000555', 'OPEN01', 'unknown');
    const order = await journal.recordIntent({
      operation: 'orders.create',
      mode: 'training',
      cashier_id: 'caja-01',
      order_id: 'ORD-1',
      request: {
        amount: 10,
        order_id: 'ORD-1',
        customer_data: { dni: '41000777', name: 'Ana Pérez', email: 'ana@example.pe' },
      },
    });
    await journal.recordOutcome(order, { status: 'succeeded', http_status: 200, result: {} });
    const before = await lines();

    const report = await journal.maskIdentities(() => true);

    const after = await lines();
    expect(after.length).toBe(before.length);
    // Byte for byte the same length, so every offset after each line is where it was.
    expect(Buffer.byteLength(after.join('\n'))).toBe(Buffer.byteLength(before.join('\n')));
    for (const [i, line] of after.entries()) {
      expect(Buffer.byteLength(line), `line ${i + 1}`).toBe(Buffer.byteLength(before[i] ?? ''));
      expect(withoutIdentities(line), `line ${i + 1} but its identities`).toBe(
        withoutIdentities(before[i] ?? ''),
      );
    }
    const text = after.join('\n');
    // The sale and the order: masked everywhere (intent, request, the service's answer).
    expect(text).not.toContain('41000678');
    expect(text).not.toContain('41000777');
    expect(text).not.toContain('Ana Pérez');
    expect(text).toContain('"*****678"');
    // The refused sale whose money is held, and the sale in doubt: whole (the cashier needs them).
    expect(text).toContain('"41000912"');
    expect(text).toContain('"41000555"');
    // The Verifys before them are done: masked (their money is in their billings).
    expect(report.operations).toBe(5);
    const ops = new Map(
      (await journal.operations({ day: '2026-03-10', timeZone: 'America/Lima' })).map((o) => [
        o.op_id,
        o,
      ]),
    );
    expect(ops.get(done.billing)?.intent.identity?.value).toBe('*****678');
    expect(ops.get(done.billing)?.status).toBe('succeeded');
    expect(ops.get(held.billing)?.intent.identity?.value).toBe('41000912');
    expect(ops.get(open.billing)?.status).toBe('unknown');
    expect(ops.get(done.billing)?.intent.to_collect_cents).toBe(37_500);
    // Nothing more to do: a second run rewrites nothing.
    expect((await journal.maskIdentities(() => true)).lines).toBe(0);
  });

  it('leaves the file whole for a reader beside it: every offset still starts a line', async () => {
    await sell('41000678', 'SOLD01', 'succeeded');
    await sell('41000679', 'SOLD02', 'succeeded');
    const reader = await openLineReader(journal.path);
    try {
      const first = await reader.readFrom(0, 100);
      await journal.maskIdentities(() => true);
      const again = await reader.readFrom(0, 100);
      expect(again.lines.map((l) => [l.offset, l.length])).toEqual(
        first.lines.map((l) => [l.offset, l.length]),
      );
      // From the cursor after the second line, the third is read whole.
      const cursor = first.lines[1]?.offset ?? 0;
      const from = await reader.readFrom(cursor + (first.lines[1]?.length ?? 0) + 1, 1);
      expect(JSON.parse(from.lines[0]?.text ?? '').seq).toBe(3);
    } finally {
      await reader.close();
    }
  });

  it('takes appends while it masks, and the journal reopens with every seq and the masks', async () => {
    for (let i = 0; i < 50; i += 1)
      await sell(`4100${String(1000 + i)}`, `C${i}`.padEnd(6, 'X'), 'succeeded');
    const masking = journal.maskIdentities(() => true);
    const appended = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sell(`4200${String(1000 + i)}`, `D${i}`.padEnd(6, 'X'), 'succeeded'),
      ),
    );
    await masking;
    await journal.close();
    journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered.skippedLines).toBe(0);
    const seqs = (await lines()).map((l) => JSON.parse(l).seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const all = await journal.operations({ day: '2026-03-10', timeZone: 'America/Lima' });
    expect(all).toHaveLength(140);
    for (const { billing } of appended)
      expect(all.find((o) => o.op_id === billing)?.status).toBe('succeeded');
    // The ones masked stay masked for the index after a reopen: nothing is masked twice.
    expect((await journal.maskIdentities((op) => op.lastSeq <= 200)).operations).toBe(0);
  });

  it('finds a customer’s operations, and says which wait for an answer or hold money', async () => {
    const done = await sell('41000678', 'SOLD01', 'succeeded');
    const held = await sell('41000678', 'HELD01', 'refused');
    await sell('41000999', 'OTHER1', 'succeeded');
    const found = await journal.customerOperations('41000678');
    expect(found.maskable.sort()).toEqual([done.verify, done.billing, held.verify].sort());
    expect(found.held).toEqual([held.billing]);
    await journal.maskIdentities((op) => found.maskable.includes(op.opId));
    const again = await journal.customerOperations('41000678');
    expect(again.maskable).toEqual([]);
    expect(again.held).toEqual([held.billing]);
  });
});

describe('one line', () => {
  it('masks to the same byte length, whatever the characters', () => {
    for (const value of ['41000678', '10054148289', 'José Ñandú', 'a"b\\c', 'x\u0001y', '12']) {
      const mask = sameBytesMask(value);
      expect(Buffer.byteLength(JSON.stringify(mask))).toBe(
        Buffer.byteLength(JSON.stringify(value)),
      );
      expect(isMaskedIdentity(mask)).toBe(true);
    }
    expect(sameBytesMask('41000678')).toBe('*****678');
  });

  it('leaves a line that is not JSON, and one with nothing of a customer, as it is', () => {
    expect(maskLine(Buffer.from('{"seq":1,')).kind).toBe('left');
    expect(maskLine(Buffer.from('{"seq":1,"type":"note","text":"x"}')).kind).toBe('clean');
  });
});
