// The signing secret of the mock's callbacks, in the Standard Webhooks form `whsec_<base64>`.
// Derived from the mock's credentials rather than random, so a sandbox restarted with the same
// flags keeps the secret an integrator already configured; it is printed by the CLI.
import { createHash } from 'node:crypto';
import type { MockCredentials } from '../credentials';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function deriveWebhookSecret(credentials: MockCredentials): string {
  const key = createHash('sha256')
    .update(`mostrador-mock-webhooks\0${credentials.token}\0${credentials.secretToken}`)
    .digest('base64');
  return `${WEBHOOK_SECRET_PREFIX}${key}`;
}
