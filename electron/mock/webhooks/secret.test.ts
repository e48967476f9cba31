import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createMockApp, MOCK_DEFAULTS } from '../app';
import { deriveWebhookSecret } from './secret';

describe('webhook secret', () => {
  it('is a whsec_ secret the Standard Webhooks library accepts, the same on every start', () => {
    const secret = deriveWebhookSecret(MOCK_DEFAULTS);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(deriveWebhookSecret({ ...MOCK_DEFAULTS })).toBe(secret);
    expect(() => new Webhook(secret)).not.toThrow();
  });

  it('differs when the credentials differ', () => {
    const other = deriveWebhookSecret({ ...MOCK_DEFAULTS, token: 'another-token' });
    expect(other).not.toBe(deriveWebhookSecret(MOCK_DEFAULTS));
  });

  it('is on the mock context, and can be chosen', async () => {
    const derived = await createMockApp();
    expect(derived.mockContext.webhookSecret).toBe(deriveWebhookSecret(MOCK_DEFAULTS));
    const chosen = await createMockApp({ webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    expect(chosen.mockContext.webhookSecret).toBe('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    await Promise.all([derived.close(), chosen.close()]);
  });
});
