import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRecord } from '../../shared/receipt';
import { SAMPLE_CONTEXT, SAMPLE_SALE } from '../../shared/receipt/samples';
import { printDocument } from './print-job';
import { queueCommand, sendToQueue } from './queue-transport';
import { decodeEscPos } from './test-support';

// CUPS is not on every machine that runs the tests: a stand-in `lp` (a shell script) records what
// it is given and answers as CUPS does, so the command, the raw bytes and the errors are real.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-lp-'));
  const script = `#!/bin/sh
echo "$@" > "${dir}/args"
if [ "$2" = "missing" ]; then echo "lp: The printer or class does not exist." >&2; exit 1; fi
if [ "$2" = "broken" ]; then echo "lp: Error - scheduler not responding." >&2; exit 1; fi
cat > "${dir}/job"
echo "request id is $2-1 (1 file(s))"
`;
  await writeFile(join(dir, 'lp'), script);
  await chmod(join(dir, 'lp'), 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('printing to an OS print queue (raw)', () => {
  it('builds lp -d NAME -o raw', () => {
    expect(queueCommand('caja_1')).toEqual({
      file: 'lp',
      args: ['-d', 'caja_1', '-o', 'raw', '-t', 'Mostrador'],
    });
  });

  it('hands lp the ESC/POS bytes on its input', async () => {
    const lp = join(dir, 'lp');
    const outcome = await printDocument(
      saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT),
      { address: 'queue:caja_1', columns: 48 },
      { queue: { command: lp } },
    );
    expect(outcome.ok).toBe(true);
    expect(await readFile(join(dir, 'args'), 'utf8')).toBe('-d caja_1 -o raw -t Mostrador\n');
    const decoded = decodeEscPos(await readFile(join(dir, 'job')));
    expect(decoded.initialized).toBe(true);
    expect(decoded.cuts).toBe(1);
    expect(decoded.lines.join('\n')).toContain('maría.nuñez');
  });

  it('a queue that does not exist', async () => {
    await expect(
      sendToQueue('missing', Uint8Array.of(0x1b, 0x40), { command: join(dir, 'lp') }),
    ).rejects.toMatchObject({ category: 'queue-missing' });
  });

  it('the print system refusing the job', async () => {
    await expect(
      sendToQueue('broken', Uint8Array.of(0x1b, 0x40), { command: join(dir, 'lp') }),
    ).rejects.toMatchObject({
      category: 'queue-failed',
      detail: expect.stringContaining('scheduler'),
    });
  });

  it('no print system installed', async () => {
    const outcome = await printDocument(
      saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT),
      { address: 'queue:caja_1', columns: 48 },
      { queue: { command: join(dir, 'no-such-lp') } },
    );
    expect(outcome).toMatchObject({ ok: false, error: { category: 'queue-unavailable' } });
  });
});
