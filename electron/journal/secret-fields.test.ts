import { describe, expect, it } from 'vitest';
import { findSecretField, REDACTED, redactSecrets } from './secret-fields';

describe('credential-like fields', () => {
  it('finds them by key name anywhere, whatever the spelling', () => {
    expect(findSecretField({ Authorization: 'x' })).toBe('$.Authorization');
    expect(findSecretField({ a: [{ b: { 'Secret-Token': 'x' } }] })).toBe('$.a[0].b.Secret-Token');
    expect(findSecretField({ client_secret: 'x' })).toBe('$.client_secret');
    expect(findSecretField({ supervisor_pin: '1234' })).toBe('$.supervisor_pin');
    expect(findSecretField({ x: ' bearer abc' })).toBe('$.x');
  });

  it('lets the ordinary fields of the service through', () => {
    const request = {
      dni: '12345678',
      funding_code: 'ABC123',
      billed_amount: 1500,
      cashier_id: 'caja-01',
      author: 'sup',
      reason: 'Bearer of bad news is fine mid-sentence',
    };
    expect(findSecretField(request)).toBeNull();
    expect(findSecretField({ unique_token: 'k' }, ['unique_token'])).toBeNull();
    expect(findSecretField({ a: { unique_token: 'k' } }, ['unique_token'])).toBe(
      '$.a.unique_token',
    );
  });

  it('redacts values without touching the rest', () => {
    expect(redactSecrets({ ok: 1, list: [{ token: 't' }], h: 'Bearer t' })).toEqual({
      ok: 1,
      list: [{ token: REDACTED }],
      h: REDACTED,
    });
    expect(redactSecrets(undefined)).toBeUndefined();
  });
});
