import { afterEach, expect, it } from 'vitest';
import { setTransport } from '../bridge/call';
import { checkUndoForm, useUndoStore } from './undo-store';

afterEach(() => {
  useUndoStore.getState().reset('v3');
  setTransport(null);
});

it('a refused undo clears the PIN without marking it as a field the supervisor forgot', async () => {
  setTransport(async () => ({
    ok: true,
    result: {
      status: 'refused',
      op_id: '00000000-0000-4000-8000-000000000021',
      error: { category: 'refused', httpStatus: 400, message: 'Funding code does not exist' },
    },
  }));
  const store = useUndoStore.getState();
  store.setField('identity', '41000001');
  store.setField('code', 'VENTA1');
  store.setField('reason', 'Cambio de producto');
  store.setField('pin', '2468');
  await useUndoStore.getState().undo();
  const after = useUndoStore.getState();
  expect(after.phase.name).toBe('failed');
  expect(after.form.pin).toBe('');
  // The refusal is the message; an empty PIN is to type again, not "Falta completar este dato".
  expect(after.submitted).toBe(false);
  expect(checkUndoForm(after.form).pin.status).toBe('empty');
});
