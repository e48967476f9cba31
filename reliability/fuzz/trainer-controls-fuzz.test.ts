// The trainer controls fuzzed as sequences: arbitrary (often extreme) store settings, fundings,
// payments and clock instants, each followed by every endpoint that reads what they set. Whatever
// a control accepted, those endpoints must still answer without a 5xx: `max_amount: 1e13` was
// accepted once and turned info-steps and the add-on into 500s, which no single-call fuzz saw.
// Replay: RELIABILITY_SEED=<seed> npx vitest run reliability/fuzz/trainer-controls-fuzz
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../../electron/mock/app';
import { freshMock } from '../../electron/mock/mock-test-support';
import { replayOptions } from '../support/seeded-random';

const RUNS = 300;
const AUTH = { authorization: 'Bearer mock-token', client_id: 'mock-client' };

const extremeNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, 1, -1, 1e12, 1e13, 1e15, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 0.005, 99.999),
);
const value = fc.oneof(
  extremeNumber,
  fc.string({ maxLength: 80 }),
  fc.boolean(),
  fc.constant(null),
);

const merchant = fc.record(
  {
    v3_allowed: fc.oneof(fc.boolean(), value),
    api_enabled: fc.oneof(fc.boolean(), value),
    min_amount: extremeNumber,
    max_amount: extremeNumber,
    min_steps: fc.oneof(fc.integer({ min: 1, max: 60 }), extremeNumber),
    max_steps: fc.oneof(fc.integer({ min: 1, max: 60 }), extremeNumber),
    landing_version: fc.string({ maxLength: 100 }),
    bank_account_ids: fc.array(fc.string({ maxLength: 80 }), { maxLength: 60 }),
    time_zone: fc.constantFrom('UTC', 'America/Lima', 'Pacific/Kiritimati', 'Nowhere/Else'),
  },
  { requiredKeys: [] },
);

// One bound at a time too: a whole random record almost always has some field a 400 refuses.
const oneBound = fc
  .tuple(fc.constantFrom('min_amount', 'max_amount', 'min_steps', 'max_steps'), extremeNumber)
  .map(([key, bound]) => ({ [key]: bound }));

const control = fc.oneof(
  oneBound.map((body) => ({ method: 'PUT' as const, url: '/__mock/merchant', body })),
  merchant.map((body) => ({ method: 'PUT' as const, url: '/__mock/merchant', body })),
  fc
    .record(
      {
        dni: fc.constantFrom('45123456', '45000001'),
        credit_line: extremeNumber,
        approved_amount: extremeNumber,
        parts: fc.oneof(fc.integer({ min: 1, max: 48 }), extremeNumber),
        paid_to_service: extremeNumber,
      },
      { requiredKeys: ['dni', 'credit_line'] },
    )
    .map((body) => ({ method: 'POST' as const, url: '/__mock/fundings', body })),
  fc
    .array(
      fc.record({ origin: fc.constantFrom('card', 'transfer', 'external'), amount: extremeNumber }),
      {
        maxLength: 5,
      },
    )
    .map((body) => ({ method: 'PUT' as const, url: '/__mock/fundings/VENTA1/payments', body })),
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((at) => ({
      method: 'PUT' as const,
      url: '/__mock/clock',
      body: { now: at.toISOString() },
    })),
);

const readers = (amount: string) => [
  { method: 'GET' as const, url: '/pos/mock-client/info-steps' },
  { method: 'GET' as const, url: `/pos/pay-with-service-add-on/${amount}` },
  { method: 'GET' as const, url: '/pos/client/landing_config' },
  {
    method: 'GET' as const,
    url: '/pos/client/inhouse-downpayment/v2/day-summary?day=2026-03-10&detail=true',
  },
  {
    method: 'GET' as const,
    url: '/pos/client/inhouse-downpayment/v2/info?dni=45123456&funding_code=VENTA1',
  },
  {
    method: 'POST' as const,
    url: '/pos/client/inhouse-downpayment/v3/verify-fundingcode-and-conditions',
    body: { dni: '41000001', funding_code: 'VENTA1', billed_amount: 1200, cashier_id: 'c-1' },
  },
  { method: 'GET' as const, url: '/__mock/scenarios' },
];

let app: MockApp;
beforeAll(async () => {
  app = await freshMock();
});
afterAll(async () => {
  await app.close();
});

describe('trainer controls fuzzing', () => {
  it(`${RUNS} sequences of controls: every reader still answers without a 5xx`, async () => {
    const { base } = replayOptions(20261124);
    await fc.assert(
      fc.asyncProperty(
        fc.array(control, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('0', '1', '1500', '99999999999999.99', '9999999999999'),
        async (controls, amount) => {
          await app.inject({ method: 'POST', url: '/__mock/reset', headers: AUTH, payload: {} });
          for (const step of [...controls, ...readers(amount)]) {
            const answer = await app.inject({
              method: step.method,
              url: step.url,
              headers: AUTH,
              ...('body' in step ? { payload: step.body as object } : {}),
            });
            expect(
              answer.statusCode,
              `${step.method} ${step.url}: ${answer.payload.slice(0, 200)}`,
            ).toBeLessThan(500);
          }
        },
      ),
      { numRuns: RUNS, seed: base | 0 },
    );
  }, 300_000);
});
