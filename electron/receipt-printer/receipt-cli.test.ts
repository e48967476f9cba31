import { afterEach, describe, expect, it } from 'vitest';
import { runReceiptCli } from './receipt-cli';
import { closedPortAddress, decodeEscPos, type Receiver, startReceiver } from './test-support';

let receiver: Receiver | null = null;
afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await runReceiptCli(args, (line) => lines.push(line));
  return { code, lines };
}

describe('npm run receipt', () => {
  for (const sample of ['sale', 'day-close'] as const) {
    it(`prints the ${sample} sample to a printer, as --preview shows it`, async () => {
      receiver = await startReceiver();
      const printed = await run([
        '--printer',
        receiver.address,
        '--sample',
        sample,
        '--columns',
        '42',
      ]);
      expect(printed.code).toBe(0);
      expect(printed.lines[0]).toMatch(/^receipt: sent .* to tcp:\/\/127\.0\.0\.1:\d+$/);
      const decoded = decodeEscPos(await receiver.nextJob());
      const preview = await run(['--sample', sample, '--columns', '42', '--preview']);
      // Only "Impreso" (printed at) may differ between the two runs.
      const strip = (lines: string[]) => lines.filter((line) => !line.startsWith('Impreso'));
      expect(strip(decoded.lines.slice(0, preview.lines.length))).toEqual(strip(preview.lines));
      expect(decoded.cuts).toBe(1);
    });
  }

  it('says what to check when the printer is off', async () => {
    const address = await closedPortAddress();
    const { code, lines } = await run(['--printer', address, '--sample', 'test']);
    expect(code).toBe(1);
    expect(lines[0]).toContain('refused the connection');
  });

  it('refuses a bad address, column count or sample', async () => {
    expect((await run(['--printer', 'lpt1', '--sample', 'sale'])).code).toBe(2);
    expect((await run(['--printer', 'tcp://x', '--columns', '40'])).code).toBe(2);
    expect((await run(['--printer', 'tcp://x', '--sample', 'invoice'])).code).toBe(2);
  });
});
