// Bridge methods of semi-integrated mode: the cashier's queue of till sales, the cashier's own
// cancel, the supervisor's settings (PIN) and the training screen's till. See
// docs/integration-api.md for the till's side.
import { z } from 'zod';
import { DocumentType, RequestId, SaleRequest } from '../integration/sale-request';
import { SupervisorPin } from './settings';

const Empty = z.strictObject({});

export const QueuedRequest = SaleRequest.extend({ billed_cents: z.int().positive() });
export type QueuedRequest = z.infer<typeof QueuedRequest>;

export const IntegrationStatus = z.object({
  enabled: z.boolean(),
  /** `env`: turned on by MOSTRADOR_INTEGRATION_KEY, not changeable from Settings. */
  source: z.enum(['env', 'settings', 'off']),
  port: z.int(),
  url: z.string().nullable(),
  key_set: z.boolean(),
  /** Why it is not listening although on (the port is taken), else null. */
  problem: z.string().nullable(),
});
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;

export const integrationMethods = {
  /** Open till sales of the current mode (waiting or verified), oldest first. */
  'integration.queue': { args: Empty, result: z.object({ requests: z.array(QueuedRequest) }) },
  'integration.read': { args: z.strictObject({ request_id: RequestId }), result: SaleRequest },
  /** The cashier's cancel: only while nothing was collected (before paid-and-billed). */
  'integration.cancel': { args: z.strictObject({ request_id: RequestId }), result: SaleRequest },
  'integration.status': { args: Empty, result: IntegrationStatus },
  'integration.configure': {
    args: z.strictObject({
      pin: SupervisorPin,
      enabled: z.boolean(),
      port: z.int().min(1024).max(65535),
    }),
    result: IntegrationStatus,
  },
  /** A new key, returned this once (with its callback signing secret); the old one stops working. */
  'integration.rotateKey': {
    args: z.strictObject({ pin: SupervisorPin }),
    result: z.object({
      key: z.string(),
      webhook_secret: z.string(),
      status: IntegrationStatus,
    }),
  },
  /**
   * Training only: a sale sent through the integration API as the till would send it, for an
   * amount, or for a catalogue case (its amount and customer, the case put back as new).
   */
  'training.sendTillSale': {
    args: z.union([
      z.strictObject({
        billed_cents: z.int().positive().max(99_999_999_99),
        document_type: DocumentType.optional(),
      }),
      z.strictObject({ scenario: z.string().min(1).max(64) }),
    ]),
    result: z.object({ request_id: RequestId, status: z.int(), error: z.string().optional() }),
  },
} as const;
