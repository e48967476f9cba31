import { describe, expect, it } from 'vitest';
import { trainingStoreId } from './training-store-id';

describe('the training store', () => {
  it("is the store's own: the counters of one store share it, two stores do not", () => {
    expect(trainingStoreId('tienda-centro', 'CAJA0001')).toBe('training:tienda-centro');
    expect(trainingStoreId('tienda-centro', 'CAJA0002')).toBe('training:tienda-centro');
    expect(trainingStoreId('tienda-norte', 'CAJA0001')).toBe('training:tienda-norte');
  });

  it("is this install's own without a client id, so a one-counter store still trains", () => {
    expect(trainingStoreId(null, 'CAJA0001')).toBe('training:terminal:CAJA0001');
  });

  it("fits the database's 128 characters for the longest client id", () => {
    const long = 'x'.repeat(128);
    const id = trainingStoreId(long, 'CAJA0001');
    expect(id.length).toBeLessThanOrEqual(128);
    expect(id).toMatch(/^training:sha256:[0-9a-f]{64}$/);
    expect(trainingStoreId(`${long.slice(1)}y`, 'CAJA0001')).not.toBe(id);
  });
});
