// Shared by the journal's tests: a real temporary directory, a clock the test moves, and a
// typical paid-and-billed intent.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IntentInput } from './journal';

export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mostrador-journal-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function testClock(start = '2026-03-10T15:00:00.000Z') {
  let now = Date.parse(start);
  return {
    clock: () => new Date(now),
    set: (iso: string) => {
      now = Date.parse(iso);
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export function paidAndBilledIntent(overrides: Partial<IntentInput> = {}): IntentInput {
  return {
    operation: 'v3.paidAndBilled',
    mode: 'training',
    cashier_id: 'caja-01',
    identity: { kind: 'dni', value: '12345678' },
    funding_code: 'ABC123',
    billed_cents: 150_000,
    to_collect_cents: 37_500,
    request: {
      dni: '12345678',
      funding_code: 'ABC123',
      billed_amount: 1500,
      cashier_id: 'caja-01',
    },
    ...overrides,
  };
}

/** A seeded generator (mulberry32): the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
