import { afterEach, beforeEach, expect, it } from 'vitest';
import { setTransport } from '../bridge/call';
import { useCheckStore } from './check-store';

const INFO_OP = '00000000-0000-4000-8000-000000000011';
const info = {
  funding_code: 'PEND01',
  purchase_total: 900,
  billed_by_ecommerce: false,
  downpayment_amount: 225,
  downpayment_status: 'PENDING',
  downpayment_channel: 'Tienda',
};

let toCollect = 22500;
beforeEach(() => {
  setTransport(async (method) => {
    if (method !== 'v2.info')
      return { ok: false, error: { code: 'unknown-method', message: method } };
    return {
      ok: true,
      result: {
        status: 'succeeded',
        op_id: INFO_OP,
        data: {
          info,
          downpayment_cents: 22500,
          purchase_total_cents: 90000,
          to_collect_cents: toCollect,
          invoice: 'boleta',
        },
      },
    };
  });
});

afterEach(() => {
  useCheckStore.getState().reset();
  setTransport(null);
});

async function query() {
  useCheckStore.getState().setField('dni', '42000001');
  useCheckStore.getState().setField('code', 'PEND01');
  await useCheckStore.getState().submit();
  const phase = useCheckStore.getState().phase;
  if (phase.name !== 'verified') throw new Error(`not verified: ${phase.name}`);
  return phase.quote;
}

it('v2 collects what the main process says, never a figure of its own', async () => {
  expect((await query()).toCollect).toBe(22500);
  useCheckStore.getState().reset();
  // A PENDING answer whose amount main decided otherwise: the screen follows main.
  toCollect = 10000;
  expect((await query()).toCollect).toBe(10000);
});
