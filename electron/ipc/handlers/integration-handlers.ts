// integration.* and training.sendTillSale: the cashier's side of the till's sale requests and
// the supervisor's switch (PIN). The till's own side is the HTTP API (electron/integration/).
import { randomUUID } from 'node:crypto';
import { trainerControls } from '../../../shared/api/trainer-controls';
import { centsToWire } from '../../../shared/domain/money';
import { INTEGRATION_PREFIX } from '../../../shared/integration/endpoints';
import type { IntegrationHost } from '../../integration/integration-host';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requireService } from '../workflows/operation-support';
import { requirePin } from './require-pin';

type IntegrationMethods =
  | 'integration.queue'
  | 'integration.read'
  | 'integration.cancel'
  | 'integration.status'
  | 'integration.configure'
  | 'integration.rotateKey'
  | 'training.sendTillSale';

export function integrationHandlers(deps: HandlerDeps): Pick<HandlerMap, IntegrationMethods> {
  const host = (): IntegrationHost => {
    if (!deps.integration) throw new BridgeFailure('not-available', 'No integration API here.');
    return deps.integration;
  };
  const noSuch = () => badArguments('no such sale request', { request_id: 'not from the till' });

  return {
    'integration.queue': async () => ({
      requests: await host().saleRequests.queue(deps.settings.get().mode),
    }),

    'integration.read': async ({ request_id }) => {
      const record = await host().saleRequests.read(request_id);
      if (!record) throw noSuch();
      return record;
    },

    'integration.cancel': async ({ request_id }) => {
      const answer = await host().saleRequests.cancel(request_id, 'cashier');
      if (answer.kind === 'not-found') throw noSuch();
      if (answer.kind === 'conflict')
        throw new BridgeFailure('till-request-closed', answer.message);
      return answer.record;
    },

    'integration.status': async () => host().status(),

    'integration.configure': async ({ pin, enabled, port }) => {
      const integration = host();
      await requirePin(deps.settings, pin);
      await deps.settings.update({
        integration: { ...deps.settings.get().integration, enabled, port },
      });
      await integration.apply();
      return integration.status();
    },

    'integration.rotateKey': async ({ pin }) => {
      const integration = host();
      await requirePin(deps.settings, pin);
      const { key, webhook_secret } = await integration.rotateKey();
      deps.logger.protect(key);
      deps.logger.protect(webhook_secret);
      deps.logger.info('integration key rotated by a supervisor');
      await integration.apply();
      return { key, webhook_secret, status: integration.status() };
    },

    'training.sendTillSale': async (args) => {
      if (deps.settings.get().mode !== 'training') {
        throw new BridgeFailure('not-available', 'Trainer controls exist in training mode only.');
      }
      const request_id = `TRAIN-${randomUUID().slice(0, 8).toUpperCase()}`;
      const sale = 'scenario' in args ? await scenarioSale(deps, args.scenario) : amountSale(args);
      const answer = await host().send('POST', `${INTEGRATION_PREFIX}/sale-requests`, {
        request_id,
        ...sale,
      });
      const error = (answer.body as { error?: unknown }).error;
      return {
        request_id,
        status: answer.status,
        ...(typeof error === 'string' ? { error } : {}),
      };
    },
  };
}

const amountSale = (args: { billed_cents: number; document_type?: 'boleta' | 'factura' }) => ({
  billed_amount: centsToWire(args.billed_cents),
  ...(args.document_type ? { document: { type: args.document_type } } : {}),
});

/** A catalogue sale case, put back as new, as the till would send it: amount and customer. */
async function scenarioSale(deps: HandlerDeps, name: string) {
  const client = await requireService(deps, 'training');
  const result = await client.call(trainerControls.trainerApplyScenario, {
    params: { name },
    body: {},
  });
  if (!result.ok) throw badArguments('no such scenario', { scenario: 'not in the catalogue' });
  const scenario = result.data;
  if (scenario.action !== 'sale' || scenario.api !== 'v3' || !scenario.billed_amount) {
    throw badArguments('not a sale case', { scenario: 'a v3 sale case of the catalogue' });
  }
  return {
    billed_amount: scenario.billed_amount,
    identity: scenario.identity,
    document: { type: 'dni' in scenario.identity ? ('boleta' as const) : ('factura' as const) },
  };
}
