// Every case of the scenario catalogue, applied and driven through the endpoint it is about: what
// the catalogue tells the trainer (to_collect, the expected text) must be what the endpoint
// answers. A new case without a row in OUTCOMES fails the first test.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Scenario, ScenarioCatalogue } from '../../../shared/api/trainer';
import { formatPEN } from '../../../shared/domain/money';
import type { MockApp } from '../app';
import {
  type Answer,
  conditions,
  daySummary,
  freshMock,
  get,
  info,
  NOW,
  PATHS,
  paidAndBilled,
  post,
  type Sale,
  TODAY,
  verify,
} from '../mock-test-support';
import { seededBillings } from './scenarios';

type Body = Record<string, string>;
type Outcome =
  /** Verify 200 with inhouse + excedent = to_collect, then Paid-and-billed 200. */
  | { kind: 'sale' }
  /** Verify (and Paid-and-billed, when that is where it fails) refused with this body. */
  | { kind: 'refused'; at: 'Verify' | 'Paid-and-billed'; status: number; body: Body }
  /** Verify shows it billed; Paid-and-billed again is 200 with no effect. */
  | { kind: 'already-billed' }
  /** Undo billing (v3 and v2 answer alike) with this status and body. */
  | { kind: 'undo'; status: number; body: (loanId: string) => Body | undefined }
  /** v2 Check funding code. */
  | { kind: 'check'; status: 'PENDING' | 'FULFILLED'; channel: 'Tienda' | 'Service' }
  /** The store close (F6) with a practice store: its code is the cut-off counter's later sale. */
  | { kind: 'store-close' };

const sale: Outcome = { kind: 'sale' };

/** What each case must do, with the document's messages written out. */
const OUTCOMES: Record<string, Outcome> = {
  'plain-sale': sale,
  'billed-below-approved': sale,
  'billed-above-credit-line': sale,
  'odd-cents': sale,
  'downpayment-partly-paid-online': sale,
  'downpayment-fully-paid-online': sale,
  'downpayment-overpaid-online': sale,
  'ruc-customer': sale,
  'schedule-acceptance-needed': {
    kind: 'refused',
    at: 'Paid-and-billed',
    status: 400,
    body: { error: 'Customer did not accept new installment schedule yet' },
  },
  'dni-mismatch': {
    kind: 'refused',
    at: 'Verify',
    status: 404,
    body: { error: 'Financing DNI does not match with the DNI sent' },
  },
  'inactive-code': {
    kind: 'refused',
    at: 'Verify',
    status: 404,
    body: { error: 'Funding code does not exist or not active' },
  },
  'already-billed': { kind: 'already-billed' },
  'cashier-changed': {
    kind: 'refused',
    at: 'Verify',
    status: 400,
    body: { error: 'cashier_id changed' },
  },
  'undo-allowed': { kind: 'undo', status: 200, body: () => undefined },
  'undo-not-billed': { kind: 'undo', status: 400, body: () => ({ error: 'Not billed yet' }) },
  'undo-no-downpayment': {
    kind: 'undo',
    status: 400,
    body: (loan) => ({ error: `This lend don't have downpayment, lend :${loan}` }),
  },
  'undo-first-payment-online': {
    kind: 'undo',
    status: 400,
    body: (loan) => ({ error: `The origin of the first payment is not external, len :${loan}` }),
  },
  'undo-several-payments': {
    kind: 'undo',
    status: 400,
    body: (loan) => ({ error: `This lend has not only 1 (one) payment, len : ${loan}` }),
  },
  'undo-company-ruc': { kind: 'undo', status: 400, body: () => ({ ruc: 'Error on ruc format' }) },
  'undo-personal-ruc': { kind: 'undo', status: 200, body: () => undefined },
  'v2-pending': { kind: 'check', status: 'PENDING', channel: 'Tienda' },
  'v2-fulfilled': { kind: 'check', status: 'FULFILLED', channel: 'Service' },
  'store-not-allowed-v3': {
    kind: 'refused',
    at: 'Verify',
    status: 400,
    body: { error: 'Your store is not allowed to use this endpoint' },
  },
  'client-not-enabled': {
    kind: 'refused',
    at: 'Paid-and-billed',
    status: 400,
    body: { error: 'Client not enabled to use this API' },
  },
  'store-close-counter-cut-off': { kind: 'store-close' },
};

// The catalogue as the mock lists it, read once to name the cases.
const catalogue: Scenario[] = await (async () => {
  const app = await freshMock();
  try {
    return ScenarioCatalogue.parse((await get(app, '/__mock/scenarios')).body).scenarios;
  } finally {
    await app.close();
  }
})();

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const who = (s: Scenario) => s.identity;
const saleOf = (s: Scenario, cashier = 'CAJA-01'): Sale => ({
  who: who(s),
  code: s.funding_code,
  billed: s.billed_amount ?? 0,
  cashier,
});

function expectAnswer(answer: Answer, status: number, body: Body | undefined) {
  expect(answer.status).toBe(status);
  if (body) expect(answer.body).toEqual(body);
}

/** Verify 200, and its numbers are the catalogue's: inhouse + excedent = to_collect. */
async function verifyMatchesCatalogue(s: Scenario) {
  const answer = conditions(await verify(app, saleOf(s)));
  expect(answer.billed_by_ecommerce).toBe(false);
  expect(answer.billed_amount).toBe(s.billed_amount);
  expect('dni' in s.identity ? answer.dni : answer.ruc).toBe(
    'dni' in s.identity ? s.identity.dni : s.identity.ruc,
  );
  const toCollect = Math.round((answer.downpayment_amount_inhouse + answer.excedent_amount) * 100);
  expect(toCollect).toBe(Math.round((s.to_collect ?? Number.NaN) * 100));
  // The texts the trainer reads carry the same amount, formatted as the cashier sees it.
  expect(s.expect.en + s.expect.es).not.toContain('{collect}');
  if (s.expect.en.includes('S/')) expect(s.expect.en).toContain(formatPEN(toCollect));
  return answer;
}

describe('the catalogue and the outcomes table', () => {
  it('every case of the catalogue has an outcome, and every outcome a case', () => {
    const where = 'each case needs its row in OUTCOMES, electron/mock/trainer/scenarios.test.ts';
    expect(catalogue.map((s) => s.name).sort(), where).toEqual(Object.keys(OUTCOMES).sort());
  });
});

describe.each(catalogue.map((s) => [s.name, s] as const))('scenario %s', (name, listed) => {
  const outcome = OUTCOMES[name];

  it('applies, and answers as the catalogue says', async () => {
    if (!outcome) throw new Error(`no outcome for ${name}`);
    const applied = await post(app, `/__mock/scenarios/${name}/apply`, {});
    expect(applied.status).toBe(200);
    const s = applied.body as Scenario;
    expect(s).toEqual(listed);

    switch (outcome.kind) {
      case 'sale': {
        expect([s.api, s.action]).toEqual(['v3', 'sale']);
        await verifyMatchesCatalogue(s);
        expect((await paidAndBilled(app, saleOf(s))).status).toBe(200);
        expect(conditions(await verify(app, saleOf(s))).billed_by_ecommerce).toBe(true);
        break;
      }
      case 'refused': {
        expect([s.api, s.action]).toEqual(['v3', 'sale']);
        // The text tells the trainer which step is refused.
        expect(s.expect.en.startsWith(`${outcome.at} `)).toBe(true);
        if (outcome.at === 'Verify') {
          const refused = await verify(app, saleOf(s, 'CAJA-01'));
          expectAnswer(refused, outcome.status, outcome.body);
        } else {
          await verifyMatchesCatalogue(s);
          const refused = await paidAndBilled(app, saleOf(s));
          expectAnswer(refused, outcome.status, outcome.body);
        }
        break;
      }
      case 'already-billed': {
        expect([s.api, s.action]).toEqual(['v3', 'sale']);
        expect(s.to_collect).toBeUndefined();
        const shown = conditions(await verify(app, saleOf(s)));
        expect(shown.billed_by_ecommerce).toBe(true);
        expect((await paidAndBilled(app, saleOf(s))).status).toBe(200);
        expect(conditions(await verify(app, saleOf(s)))).toEqual(shown);
        break;
      }
      case 'undo': {
        expect(s.action).toBe('undo');
        const loanId = app.mockContext.state.fundings.get(s.funding_code)?.loanId ?? '';
        expect(loanId).not.toBe('');
        const body = { ...who(s), funding_code: s.funding_code };
        const v3 = await post(app, PATHS.v3UndoBilling, body);
        expectAnswer(v3, outcome.status, outcome.body(loanId));
        if (outcome.status === 200) {
          // Undone: a second undo finds nothing billed, on either generation.
          expect((await post(app, PATHS.v2UndoBilling, body)).body).toEqual({
            error: 'Not billed yet',
          });
        } else {
          // A refusal changes nothing: v2 answers the same.
          expectAnswer(
            await post(app, PATHS.v2UndoBilling, body),
            outcome.status,
            outcome.body(loanId),
          );
        }
        const quoted = /“(.+)”/.exec(s.expect.en)?.[1];
        if (quoted) expect(outcome.body(loanId)).toEqual({ error: quoted });
        break;
      }
      case 'store-close': {
        expect([s.action, s.store]).toEqual(['close', 'counter-cut-off']);
        // Sold (at the cut-off counter): billed today, so the day summary lists it.
        expect(conditions(await verify(app, saleOf(s))).billed_by_ecommerce).toBe(true);
        const id = 'dni' in s.identity ? s.identity.dni : s.identity.ruc;
        const rows = (await daySummary(app, TODAY, 'true')).order_detail ?? [];
        expect(rows.some((r) => r.dni === id)).toBe(true);
        expect(s.expect.es).toContain(id);
        expect(s.expect.en).toContain(id);
        break;
      }
      case 'check': {
        expect([s.api, s.action]).toEqual(['v2', 'check']);
        if (!('dni' in s.identity)) throw new Error('v2 info takes a dni');
        const shown = await info(app, s.identity.dni, s.funding_code);
        expect(shown).toMatchObject({
          downpayment_status: outcome.status,
          downpayment_channel: outcome.channel,
          billed_by_ecommerce: false,
        });
        expect(s.expect.en).toContain(outcome.status);
        break;
      }
    }
  });

  it('can be applied again after being played, and answers the same', async () => {
    if (!outcome) throw new Error(`no outcome for ${name}`);
    // Play it once: a sale gets billed, an undo gets undone, a v2 check gets billed.
    const body = { ...listed.identity, funding_code: listed.funding_code };
    if (listed.action === 'undo') await post(app, PATHS.v3UndoBilling, body);
    else if (listed.api === 'v2') await post(app, PATHS.v2PaidAndBilled, body);
    else {
      await verify(app, saleOf(listed));
      await paidAndBilled(app, saleOf(listed));
    }
    const again = await post(app, `/__mock/scenarios/${name}/apply`, {});
    expect(again.body).toEqual(listed);
    if (outcome.kind === 'sale') await verifyMatchesCatalogue(listed);
    if (outcome.kind === 'undo') {
      const loanId = app.mockContext.state.fundings.get(listed.funding_code)?.loanId ?? '';
      expectAnswer(
        await post(app, PATHS.v3UndoBilling, body),
        outcome.status,
        outcome.body(loanId),
      );
    }
    if (outcome.kind === 'check' && 'dni' in listed.identity) {
      expect((await info(app, listed.identity.dni, listed.funding_code)).billed_by_ecommerce).toBe(
        false,
      );
    }
  });
});

describe('the seeded billings the practice store gives its simulated counters', () => {
  it('are what the day summary lists, customer by customer, with what it counts as paid in store', async () => {
    const seeded = seededBillings(new Date(NOW));
    const day = await daySummary(app, TODAY, 'true');
    const inStore = new Map<string, number>();
    for (const row of day.order_detail ?? []) {
      const cents = row.payment_origin === 'external' ? Math.round(row.amount * 100) : 0;
      inStore.set(row.dni, (inStore.get(row.dni) ?? 0) + cents);
    }
    expect(new Map(seeded.map((b) => [b.identity.value, b.collected_cents]))).toEqual(inStore);
    // One sale after the cut-off: the store case's own.
    expect(seeded.filter((b) => b.after_cut_off).map((b) => b.code)).toEqual(['CORTE1']);
  });
});

describe('amounts the catalogue promises', () => {
  const toCollect = Object.fromEntries(catalogue.map((s) => [s.name, s.to_collect]));
  it('are the amount rules applied to each case', () => {
    expect(toCollect).toMatchObject({
      'plain-sale': 300,
      'billed-below-approved': 375,
      'billed-above-credit-line': 600.5,
      'odd-cents': 250.01,
      'downpayment-partly-paid-online': 150,
      'downpayment-fully-paid-online': 0,
      'downpayment-overpaid-online': 0,
      'ruc-customer': 1200,
    });
  });
});
