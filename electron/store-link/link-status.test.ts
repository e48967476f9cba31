// What Settings shows of the link: the URL's own problem before the replication's, and the
// replication's reason only while a URL is in use.
import { describe, expect, it } from 'vitest';
import type { LinkReplication } from './link-replication';
import { linkStatus } from './link-status';
import type { LinkUrl } from './link-url';
import { checkStoreDbUrl } from './store-db-url';
import { replicationState } from './test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';

function url(fields: Partial<LinkUrl>): LinkUrl {
  const checked = checkStoreDbUrl(URL_A);
  if (!checked.ok) throw new Error('the test URL must be usable');
  return {
    inUse: () => checked,
    source: () => 'settings',
    problem: () => null,
    readStored: async () => {},
    save: async () => {},
    ...fields,
  };
}

function replication(problem: ReturnType<LinkReplication['problem']>): LinkReplication {
  return {
    session: () => null,
    state: () => replicationState({ state: 'off' }),
    restart: async () => {},
    problem: () => problem,
    markClosed: () => {},
  };
}

describe('the store link’s status', () => {
  it('shows where the URL points, never its password, with the replication’s reason', () => {
    const status = linkStatus(url({}), replication('no-store-id'), () => 'T-1');
    expect(status).toMatchObject({
      source: 'settings',
      target: { host: '127.0.0.1', port: 5432, database: 'tienda', user: 'caja' },
      problem: 'no-store-id',
      replication: { state: 'off' },
      terminal_id: 'T-1',
    });
    expect(JSON.stringify(status)).not.toContain('Secreto-de-prueba');
  });

  it('puts the URL’s own problem first', () => {
    const status = linkStatus(
      url({ problem: () => 'unreadable' }),
      replication('key-needs-consent'),
      undefined,
    );
    expect(status.problem).toBe('unreadable');
    expect(status.terminal_id).toBeNull();
  });

  it('shows no replication reason while no URL is in use', () => {
    const off = url({ inUse: () => null, source: () => 'off' });
    const status = linkStatus(off, replication('key-needs-consent'), () => null);
    expect(status).toMatchObject({ source: 'off', target: null, problem: null });
  });
});
