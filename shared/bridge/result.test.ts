// The main process's half of a read that is not journaled answers what the bridge schema says.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readOutcome, toReadOutcome } from './result';

const Figure = z.object({ cents: z.int() });
const schema = readOutcome(Figure);
const use = (data: { amount?: number }) =>
  typeof data.amount === 'number' ? { cents: data.amount * 100 } : null;

describe('toReadOutcome', () => {
  it('answers the data the handler keeps from a 200', () => {
    const outcome = toReadOutcome({ ok: true, status: 200, data: { amount: 12 } }, use);
    expect(outcome).toEqual({ status: 'succeeded', data: { cents: 1200 } });
    expect(schema.parse(outcome)).toEqual(outcome);
  });

  it('answers a 200 it cannot use as a bad-response failure, never as made-up figures', () => {
    const outcome = toReadOutcome({ ok: true, status: 200, data: {} }, use);
    expect(outcome).toEqual({
      status: 'failed',
      error: { category: 'bad-response', httpStatus: 200, body: {} },
    });
    expect(schema.safeParse(outcome).success).toBe(true);
  });

  it("passes the service client's failure through", () => {
    const error = { category: 'network' as const };
    const outcome = toReadOutcome({ ok: false, error }, use);
    expect(outcome).toEqual({ status: 'failed', error });
    expect(schema.safeParse(outcome).success).toBe(true);
  });
});
