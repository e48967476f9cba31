// The cashier's and the trainer's side of till sales through the bridge: the training screen's
// till goes through the integration API's own routes (whether or not it listens), for an amount
// or a catalogue case, and the queue shows the current mode's open requests only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import type { Backend } from '../compose/open-backend';
import { errorOf, freshMock, makeTempDir, ok, openTestBackend, PIN } from '../compose/test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  // No key: the API does not listen, and the training till still works.
  backend = await openTestBackend({ dataDir: temp.dir, mock });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

describe('training.sendTillSale', () => {
  it('sends a sale for an amount through the API routes, and it waits in the queue', async () => {
    expect(backend.integration.status().enabled).toBe(false);
    const sent = await ok(backend.table, 'training.sendTillSale', {
      billed_cents: 45_050,
      document_type: 'boleta',
    });
    expect(sent).toMatchObject({ status: 201 });
    expect(sent.request_id).toMatch(/^TRAIN-[0-9A-F]{8}$/);
    const { requests } = await ok(backend.table, 'integration.queue', {});
    expect(requests).toEqual([
      expect.objectContaining({
        request_id: sent.request_id,
        state: 'waiting',
        billed_amount: 450.5,
        billed_cents: 45_050,
        document: { type: 'boleta' },
        training: true,
      }),
    ]);
  });

  it('sends a catalogue sale case with its amount and customer; refuses other cases', async () => {
    const sent = await ok(backend.table, 'training.sendTillSale', { scenario: 'ruc-customer' });
    const read = await ok(backend.table, 'integration.read', { request_id: sent.request_id });
    expect(read).toMatchObject({
      identity: { ruc: '20512333797' },
      document: { type: 'factura' },
    });
    const undo = await errorOf(backend.table, 'training.sendTillSale', {
      scenario: 'undo-allowed',
    });
    expect(undo.issues).toHaveProperty('scenario');
    const none = await errorOf(backend.table, 'training.sendTillSale', { scenario: 'no-such' });
    expect(none.code).toBe('bad-arguments');
  });

  it('is a trainer control: not in live mode, and live lists none of training’s requests', async () => {
    await ok(backend.table, 'training.sendTillSale', { billed_cents: 100 });
    await ok(backend.table, 'supervisor.setPin', { pin: PIN });
    await ok(backend.table, 'token.set', { pin: PIN, token: 'live-token-123456' });
    await ok(backend.table, 'settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: 'https://service.example' },
    });
    const live = await errorOf(backend.table, 'training.sendTillSale', { billed_cents: 100 });
    expect(live.code).toBe('not-available');
    expect((await ok(backend.table, 'integration.queue', {})).requests).toEqual([]);
  });
});
