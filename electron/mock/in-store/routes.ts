// HTTP binding of the in-store endpoints: v3, v2, and the v2-shaped `/mock/` test endpoints,
// which run the same rules over their own records (the documented test identities).
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  BillingRequest,
  DaySummaryQuery,
  inStoreEndpoints as ep,
  Identification,
  InfoQuery,
} from '../../../shared/api/in-store';
import { DAY_SUMMARY } from '../../../shared/api/messages';
import { centsFromWire } from '../../../shared/domain/money';
import { requireBearer } from '../http/auth';
import { parseQuery } from '../http/parse';
import type { MockArea } from '../mock-area';
import { type MockReply, ok } from '../reply';
import { sendReply } from '../reply-send';
import type { MockContext, MockState } from '../state';
import { daySummary } from './day-summary';
import { parseIdentified } from './parse';
import {
  type IdentificationInput,
  undoBilling,
  v2Info,
  v2PaidAndBilled,
  v3PaidAndBilled,
  v3Verify,
} from './rules';

function registerInStoreRoutes(app: FastifyInstance, context: MockContext): void {
  const auth = { onRequest: requireBearer(context) };
  const live = () => context.state;
  const test = () => context.testState;

  const billing = (raw: unknown) => {
    const parsed = parseIdentified(BillingRequest, raw);
    if (!parsed.ok) return parsed;
    const { identity, funding_code: code, billed_amount, cashier_id: cashierId } = parsed.value;
    // The schema already proved it has at most 2 decimals.
    const billed = centsFromWire(billed_amount) ?? 0;
    return { ok: true as const, value: { identity, code, billed, cashierId } };
  };

  app.post(ep.v3Verify.path, auth, async (request, reply) => {
    const input = billing(request.body);
    return sendReply(reply, input.ok ? v3Verify(live(), input.value) : input.reply);
  });

  app.post(ep.v3PaidAndBilled.path, auth, async (request, reply) => {
    const input = billing(request.body);
    return sendReply(
      reply,
      input.ok ? v3PaidAndBilled(live(), input.value, context.clock.now()) : input.reply,
    );
  });

  const identification =
    (
      rule: (state: MockState, input: IdentificationInput, now: Date) => MockReply,
      state: () => MockState,
    ) =>
    async (request: { body: unknown }, reply: FastifyReply) => {
      const parsed = parseIdentified(Identification, request.body);
      if (!parsed.ok) return sendReply(reply, parsed.reply);
      const input = { identity: parsed.value.identity, code: parsed.value.funding_code };
      return sendReply(reply, rule(state(), input, context.clock.now()));
    };

  const info =
    (state: () => MockState) => async (request: { query: unknown }, reply: FastifyReply) => {
      const parsed = parseIdentified(InfoQuery, request.query);
      if (!parsed.ok) return sendReply(reply, parsed.reply);
      return sendReply(
        reply,
        v2Info(state(), { identity: parsed.value.identity, code: parsed.value.funding_code }),
      );
    };

  const summary =
    (state: () => MockState) => async (request: { query: unknown }, reply: FastifyReply) => {
      const parsed = parseQuery(DaySummaryQuery, request.query, DAY_SUMMARY);
      if (!parsed.ok) return sendReply(reply, parsed.reply);
      return sendReply(
        reply,
        ok(daySummary(state(), parsed.value.day, parsed.value.detail === 'true')),
      );
    };

  app.post(ep.v3UndoBilling.path, auth, identification(undoBilling, live));
  app.get(ep.v2Info.path, auth, info(live));
  app.post(ep.v2PaidAndBilled.path, auth, identification(v2PaidAndBilled, live));
  app.post(ep.v2UndoBilling.path, auth, identification(undoBilling, live));
  app.get(ep.v2DaySummary.path, auth, summary(live));

  app.get(ep.testInfo.path, auth, info(test));
  app.post(ep.testPaidAndBilled.path, auth, identification(v2PaidAndBilled, test));
  app.post(ep.testUndoBilling.path, auth, identification(undoBilling, test));
  app.get(ep.testDaySummary.path, auth, summary(test));
}

export const inStoreArea: MockArea = { register: registerInStoreRoutes };
