// What the settings card says about the store database (docs/store-database.md "Setting a
// counter"): "connected" only while this counter's lines get through. Beside "Envío: sin
// conexión", or while the database refuses this counter's login, it says where the lines go,
// not that they arrive (issue 35 item 7).
import type { StoreDbStatus, StoreDbTarget } from '../../shared/bridge';
import type { T } from '../i18n/use-t';

export function storeDbTargetLine(
  target: StoreDbTarget,
  replication: StoreDbStatus['replication'],
  t: T,
): { ok: boolean; text: string } {
  const params = {
    database: target.database,
    host: target.host,
    port: target.port,
    user: target.user,
  };
  const ok = replication.state === 'ok';
  return {
    ok,
    text: t(ok ? 'storeDb.settings.target' : 'storeDb.settings.targetSet', params),
  };
}
