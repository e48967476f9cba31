// HTTP binding of the voucher endpoints and their trainer control. Bad credentials answer 401
// with an empty body and an unknown request_id 404 with none (docs/decisions.md "Vouchers").
// Problems found before a handler runs (malformed JSON, size, media type) answer a plain string,
// the register endpoint's documented 400 form, on all three.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ReviewBody } from '../../../shared/api/trainer';
import { trainerControls } from '../../../shared/api/trainer-controls';
import { voucherEndpoints as ep } from '../../../shared/api/vouchers';
import { bearerOf, requireBearer, sameSecret } from '../http/auth';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import { routePath } from '../http/route-path';
import type { MockArea } from '../mock-area';
import { sendReply } from '../reply-send';
import type { MockContext } from '../state';
import { cancelVoucher } from './cancel-voucher';
import { registerVoucher } from './register-voucher';
import { reviewVoucher } from './review-voucher';
import { voucherStore, voucherToWire } from './voucher';

type VoucherRoute = { Params: { request_id: string } };
type VoucherRequest = FastifyRequest<VoucherRoute>;

function registerVoucherRoutes(app: FastifyInstance, context: MockContext): void {
  const emptyOn401 = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!sameSecret(bearerOf(request), context.credentials.token)) {
      return reply.status(401).send();
    }
  };
  const options = { onRequest: emptyOn401, config: { errorStyle: 'text' as const } };
  const find = (request: VoucherRequest) =>
    voucherStore(context.state).get(request.params.request_id);

  app.post(ep.registerVoucher.path, options, async (request, reply) =>
    sendReply(reply, registerVoucher(context, request.body)),
  );
  app.post<VoucherRoute>(
    routePath(ep.cancelVoucher.path),
    options,
    async (request: VoucherRequest, reply) => {
      const voucher = find(request);
      if (!voucher) return reply.status(404).send();
      return sendReply(reply, cancelVoucher(voucher, request.body));
    },
  );
  app.get<VoucherRoute>(
    routePath(ep.getVoucher.path),
    options,
    async (request: VoucherRequest, reply) => {
      const voucher = find(request);
      if (!voucher) return reply.status(404).send();
      return voucherToWire(voucher);
    },
  );

  app.post<VoucherRoute>(
    routePath(trainerControls.trainerReviewVoucher.path),
    { onRequest: requireBearer(context) },
    async (request: VoucherRequest, reply) => {
      const voucher = find(request);
      if (!voucher) return reply.status(404).send({ error: 'Voucher does not exist' });
      const parsed = ReviewBody.safeParse(asRecord(request.body));
      if (!parsed.success) return reply.status(400).send(fieldErrorsOf(parsed.error));
      return sendReply(reply, reviewVoucher(context, voucher, parsed.data));
    },
  );
}

export const vouchersArea: MockArea = { register: registerVoucherRoutes };
