// The settings card's line about the store database says "connected" only while this counter's
// lines get through (issue 35 item 7): beside "Envío: sin conexión", or while the login is
// refused, it says where the lines go, not that they arrive.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreDbStatus } from '../../shared/bridge';
import { loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { storeDbTargetLine } from './store-db-card';

beforeAll(() => loadSupervisorTexts());

const target = {
  host: '192.168.1.10',
  port: 5432,
  database: 'mostrador',
  user: 'caja_2',
  sslmode: null,
};
const replication = (
  state: StoreDbStatus['replication']['state'],
): StoreDbStatus['replication'] => ({
  state,
  since: '2026-03-10T23:13:40.000Z',
  replicated_seq: 10,
  waiting_lines: state === 'ok' ? 0 : 3,
  last_error_category: state === 'refused' ? 'auth' : state === 'ok' ? null : 'network',
  conflict_seq: null,
  unreadable_lines: 0,
});

describe('the store database card', () => {
  it('says connected only while the lines get through', () => {
    const es: T = (key, params) => translate('es-PE', key, params);
    const ok = storeDbTargetLine(target, replication('ok'), es);
    expect(ok).toEqual({
      ok: true,
      text: 'Conectada a mostrador en 192.168.1.10:5432 como caja_2.',
    });
    for (const state of ['unreachable', 'refused', 'behind', 'conflict'] as const) {
      const line = storeDbTargetLine(target, replication(state), es);
      expect(line.ok).toBe(false);
      expect(line.text).not.toContain('Conectada');
      expect(line.text).toContain('mostrador en 192.168.1.10:5432, usuario caja_2');
    }
  });
});
