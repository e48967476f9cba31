// storeDb.*: the store database (docs/store-database.md). The URL goes in behind the PIN and only
// its host, port, database and user come back; the counter's replication state and every
// counter's freshness are read without a PIN (they hold no secret). Without a store database
// every method answers "off", and the counter is a one-counter store as before.
import type { StoreDbStatus } from '../../../shared/bridge/store-db';
import { StoreLinkError } from '../../store-link/store-link';
import { VaultError } from '../../vault/vault';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { answerElsewhere } from '../workflows/across-counters';
import { requirePin } from './require-pin';

type StoreDbMethods =
  | 'storeDb.status'
  | 'storeDb.replication'
  | 'storeDb.configure'
  | 'storeDb.test'
  | 'storeDb.freshness'
  | 'storeDb.answerElsewhere'
  | 'storeDb.enroll'
  | 'storeDb.acceptWeakKey';

/** Where a test runs without a link: a one-counter store, replication off since now. */
const offStatus = (clock: () => Date): StoreDbStatus => ({
  source: 'off',
  target: null,
  problem: null,
  replication: {
    state: 'off',
    since: clock().toISOString(),
    replicated_seq: 0,
    waiting_lines: 0,
    last_error_category: null,
    conflict_seq: null,
    unreadable_lines: 0,
  },
  terminal_id: null,
});

export function storeDbHandlers(deps: HandlerDeps): Pick<HandlerMap, StoreDbMethods> {
  const link = deps.storeLink;
  return {
    'storeDb.status': async () => (link ? link.status() : offStatus(deps.clock)),
    'storeDb.replication': async () =>
      link ? link.replication() : offStatus(deps.clock).replication,
    'storeDb.configure': async ({ pin, url }) => {
      await requirePin(deps.settings, pin);
      if (!link) throw new BridgeFailure('not-available', 'No store database on this terminal.');
      try {
        return await link.configure(url);
      } catch (error) {
        throw configureFailure(error);
      }
    },
    'storeDb.test': async ({ pin, url }) => {
      await requirePin(deps.settings, pin);
      if (!link) throw new BridgeFailure('not-available', 'No store database on this terminal.');
      return link.test(url);
    },
    'storeDb.acceptWeakKey': async ({ pin }) => {
      await requirePin(deps.settings, pin);
      if (!link) throw new BridgeFailure('not-available', 'No store database on this terminal.');
      try {
        return await link.acceptWeakKey();
      } catch (error) {
        if (error instanceof VaultError) {
          // The vault's own messages never quote what it keeps; still not shown verbatim.
          throw new BridgeFailure(
            'not-available',
            'This system cannot keep the store database key, even with weak encryption.',
          );
        }
        throw error;
      }
    },
    'storeDb.answerElsewhere': ({ op_id, answer }) => answerElsewhere(deps, op_id, answer),
    'storeDb.enroll': async ({ pin, code }) => {
      await requirePin(deps.settings, pin);
      if (!link) throw new BridgeFailure('not-available', 'No store database on this terminal.');
      return link.enroll(code);
    },
    'storeDb.freshness': async () =>
      link ? link.freshness(deps.settings.get().mode) : { available: false, counters: [] },
  };
}

function configureFailure(error: unknown): unknown {
  if (error instanceof StoreLinkError) {
    switch (error.code) {
      case 'env':
        return new BridgeFailure(
          'not-available',
          'MOSTRADOR_STORE_DB_URL sets the store database on this terminal.',
        );
      case 'not-a-url':
        return badArguments('not a postgres://user:password@host:5432/database URL', {
          url: 'not-a-url',
        });
      case 'needs-tls':
        return badArguments('outside this network the URL needs sslmode=require or verify-full', {
          url: 'needs-tls',
        });
      case 'ambiguous':
        return badArguments(
          'the URL reads two ways (a repeated parameter, a host or port in the query, a socket, sslmode prefer or allow)',
          { url: 'ambiguous' },
        );
      default:
        return error;
    }
  }
  if (error instanceof VaultError) {
    // The vault's own messages never quote what it keeps; still not shown verbatim.
    return error.code === 'weak-encryption-not-allowed' || error.code === 'encryption-unavailable'
      ? new BridgeFailure('weak-encryption', 'This system cannot encrypt the store database URL.')
      : new BridgeFailure('internal', 'The store database URL could not be saved.');
  }
  return error;
}
