// Trainer controls (docs/decisions.md "The mock backend"), at the paths of their catalogue
// (shared/api/trainer-controls.ts): same bearer token, JSON bodies, soles as
// JSON numbers. Bad input answers 400 keyed by field, like the service's own format errors.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IN_STORE } from '../../../shared/api/messages';
import {
  ClockBody,
  FundingSeedBody,
  MerchantSettings,
  MerchantUpdate,
  PaymentsBody,
} from '../../../shared/api/trainer';
import { trainerControls as c } from '../../../shared/api/trainer-controls';
import { centsFromWire } from '../../../shared/domain/money';
import { requireBearer } from '../http/auth';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import { routePath } from '../http/route-path';
import { createFunding, seedFromBody } from '../in-store/create-funding';
import { parseIdentified } from '../in-store/parse';
import { defaultMerchant } from '../merchant';
import type { MockArea, ResetMock } from '../mock-area';
import { sendReply } from '../reply-send';
import type { MockContext } from '../state';
import { SCENARIO_DEFS } from './scenario-defs';
import { describeScenario, findScenario, seedScenario, seedScenarios } from './scenarios';
import { seedTestIdentities } from './test-identities';

function registerTrainerRoutes(app: FastifyInstance, context: MockContext, reset: ResetMock): void {
  const auth = { onRequest: requireBearer(context) };
  const badRequest = (reply: FastifyReply, errors: Record<string, string>) =>
    reply.status(400).send(errors);
  const missingCode = (reply: FastifyReply) =>
    reply.status(404).send({ error: IN_STORE.codeNotActive });

  app.post(routePath(c.trainerReset.path), auth, async () => {
    reset();
    return { reset: true };
  });

  app.get(routePath(c.trainerScenarios.path), auth, async () => ({
    scenarios: SCENARIO_DEFS.map((def) => describeScenario(def, context.clock.now())),
  }));

  // Beyond the team's list of controls (docs/decisions.md "The mock backend"): puts one case back
  // as new (a fresh funding, and the store settings it needs with every other setting at its
  // default), so a class can repeat it.
  app.post<{ Params: { name: string } }>(
    routePath(c.trainerApplyScenario.path),
    auth,
    async (request, reply) => {
      const def = findScenario(request.params.name);
      if (!def)
        return reply.status(404).send({ error: `No such scenario: ${request.params.name}` });
      context.state.merchant = { ...defaultMerchant(), ...def.merchant };
      seedScenario(context.state, def, context.clock.now());
      return describeScenario(def, context.clock.now());
    },
  );

  app.put(routePath(c.trainerUpdateMerchant.path), auth, async (request, reply) => {
    const parsed = MerchantUpdate.safeParse(asRecord(request.body));
    if (!parsed.success) return badRequest(reply, fieldErrorsOf(parsed.error));
    // The update alone may be fine and the result not (a min_amount above the max in force).
    const merged = MerchantSettings.safeParse({ ...context.state.merchant, ...parsed.data });
    if (!merged.success) return badRequest(reply, fieldErrorsOf(merged.error));
    context.state.merchant = merged.data;
    return context.state.merchant;
  });

  app.get(routePath(c.trainerGetMerchant.path), auth, async () => context.state.merchant);

  app.post(routePath(c.trainerCreateFunding.path), auth, async (request, reply) => {
    // The identity is checked as the in-store endpoints check it: neither → the dni key (with
    // any other field in error), both → "Send dni or ruc, not both".
    const parsed = parseIdentified(FundingSeedBody, request.body);
    if (!parsed.ok) return sendReply(reply, parsed.reply);
    const seed = seedFromBody(parsed.value);
    if (seed.approved !== undefined && seed.approved > seed.creditLine) {
      return badRequest(reply, { approved_amount: 'Error on approved_amount format' });
    }
    const funding = createFunding(context.state, seed, context.clock.now());
    return { funding_code: funding.code, loan_id: funding.loanId, order_id: funding.orderId };
  });

  app.post<{ Params: { code: string } }>(
    routePath(c.trainerAcceptSchedule.path),
    auth,
    async (request, reply) => {
      const funding = context.state.fundings.get(request.params.code);
      if (!funding) return missingCode(reply);
      funding.scheduleAccepted = true;
      return { accepted: true };
    },
  );

  app.put<{ Params: { code: string } }>(
    routePath(c.trainerSetPayments.path),
    auth,
    async (request, reply) => {
      const funding = context.state.fundings.get(request.params.code);
      if (!funding) return missingCode(reply);
      const parsed = PaymentsBody.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, { payments: 'Error on payments format' });
      const now = context.clock.now();
      funding.payments = parsed.data.map((p) => ({
        origin: p.origin,
        amount: centsFromWire(p.amount) ?? 0,
        at: now,
      }));
      return { payments: parsed.data };
    },
  );

  app.put(routePath(c.trainerSetClock.path), auth, async (request, reply) => {
    const parsed = ClockBody.safeParse(asRecord(request.body));
    if (!parsed.success) return badRequest(reply, fieldErrorsOf(parsed.error));
    context.clock.set(new Date(parsed.data.now));
    return { now: context.clock.now().toISOString() };
  });

  app.get(routePath(c.trainerGetClock.path), auth, async () => ({
    now: context.clock.now().toISOString(),
  }));
}

export const trainerArea: MockArea = {
  register: registerTrainerRoutes,
  // The scenario catalogue in the live state, the test identities in the test endpoints' own.
  seed(context) {
    const now = context.clock.now();
    seedScenarios(context.state, now);
    seedTestIdentities(context.testState, now);
  },
};
