// "Probar conexión" (docs/store-database.md): a typed URL, or the one in use, checked as a URL
// first (then nothing is sent), then asked of the database within the slow reads' bound.
import type { StoreDbTest } from '../../shared/bridge/store-db';
import type { StoreDbCheck } from '../../shared/store/store-db-check';
import type { Logger } from '../log/logger';
import { protect, type UsableUrl } from './link-url';
import { checkStoreDbUrl } from './store-db-url';
import type { StoreDbDriver } from './store-link-types';
import { withDeadline } from './with-deadline';

export type ConnectionTestContext = {
  driver: StoreDbDriver;
  inUse: () => UsableUrl | null;
  logger: Logger;
  slowMs: number;
};

/** "Probar conexión" for a typed URL, or the one in use. */
export async function testConnection(
  context: ConnectionTestContext,
  url?: string,
): Promise<StoreDbTest> {
  const { logger } = context;
  const checked = url === undefined ? context.inUse() : checkStoreDbUrl(url);
  if (url !== undefined) protect(logger, checked, url);
  if (checked === null || !checked.ok) {
    return {
      url_problem: checked === null ? 'not-a-url' : checked.problem,
      target: null,
      check: null,
    };
  }
  const result = await withDeadline(context.slowMs, () => context.driver.check(checked.url));
  return {
    url_problem: null,
    target: checked.target,
    check: result.ok ? result.value : unanswered(result.timedOut ? 'timeout' : 'server'),
  };
}

/** A check whose answer never came: the server is marked unreachable for that reason. */
function unanswered(category: 'timeout' | 'server'): StoreDbCheck {
  return {
    ok: false,
    reachable: { ok: false, category, server_version: null },
    migrated: { ok: false, version: null, required: 1 },
    privileges: { ok: false, missing: [], excess: [] },
    clock: { ok: false, skew_ms: null },
  };
}
