// The callbacks the sandbox sends (OpenAPI 3.1 `webhooks`): the voucher review and the connector
// payment outcome. Both are JSON, signed the Standard Webhooks way with the `webhook_secret` the
// sandbox printed, and retried with backoff until the receiver answers 2xx.
import { PaymentCallbackPayload } from '../../../shared/api/connector';
import { VoucherWebhookPayload } from '../../../shared/api/vouchers';
import type { ComponentRegistry } from './components';
import type { ParameterObject, PathItemObject } from './openapi-types';
import { TAGS } from './tags';

export const SIGNATURE_HEADERS: ParameterObject[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The same on every retry of one callback: deduplicate on it.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Seconds since the epoch when this attempt was signed.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: '`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the webhook secret.',
    schema: { type: 'string' },
  },
];

export const receiverAnswers = {
  '200': { description: 'Received; any 2xx stops the retries.' },
  '500': { description: 'Any other answer, or none, is retried with backoff.' },
};

export function buildWebhooks(components: ComponentRegistry): Record<string, PathItemObject> {
  return {
    voucherCallback: {
      post: {
        operationId: 'voucherCallback',
        summary: 'A voucher was validated or invalidated',
        description:
          'Sent to the `webhook` given at registration when the voucher is reviewed (or at once ' +
          'when its receipt format is not accepted), with the corrected data of the bank.',
        tags: [TAGS.vouchers],
        // The receiver checks the signature headers, not a credential of the sandbox's.
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: components.use(VoucherWebhookPayload, 'output') },
          },
        },
        responses: receiverAnswers,
      },
    },
    connectorCallback: {
      post: {
        operationId: 'connectorCallback',
        summary: "A connector payment's outcome",
        description:
          'Sent to the payment’s `callbackUrl` when the order backing it is approved ' +
          '(`approved`) or rejected (`denied`).',
        tags: [TAGS.connector],
        // The receiver checks the signature headers, not a credential of the sandbox's.
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: components.use(PaymentCallbackPayload, 'output') },
          },
        },
        responses: receiverAnswers,
      },
    },
  };
}
