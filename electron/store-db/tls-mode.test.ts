// sslmode has one meaning, libpq's, pinned in our own code (issue 34, item 7): pg-connection-string
// 2.x read `require`, `prefer` and `verify-ca` as verify-full, and `prefer` ran TLS while the parse
// said `tls: false`. What the parse says equals what the driver is given, and a real TLS
// handshake against a throwaway server shows each mode does what it says.
import { checkServerIdentity } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectStoreDb, parseStoreDbUrl } from './connection';
import { type RogueServer, startRogueServer } from './test-support/rogue-server';
import { makeThrowawayCerts, type ThrowawayCerts } from './test-support/throwaway-certs';

let certs: ThrowawayCerts;
beforeAll(() => {
  certs = makeThrowawayCerts();
});
afterAll(() => certs?.remove());

const TIMEOUTS = { connectTimeoutMs: 3_000, statementTimeoutMs: 3_000 };
const url = (host: string, query = '') => `postgres://caja:pw@${host}:5432/tienda${query}`;
const root = () => encodeURIComponent(certs.caFile);

describe('what each sslmode means, in the parse and in what the driver is given', () => {
  it('no sslmode and `disable`: no TLS, and the driver is told no TLS', () => {
    for (const query of ['', '?sslmode=disable']) {
      const parsed = parseStoreDbUrl(url('192.168.1.20', query));
      expect(parsed, query).toMatchObject({ ok: true, tls: false, verify: 'none' });
      if (!parsed.ok) throw new Error('unreachable');
      expect(parsed.driverTarget().ssl).toBe(false);
    }
  });

  it('`require`: TLS, the certificate not checked', () => {
    const parsed = parseStoreDbUrl(url('db.example.com', '?sslmode=require'));
    expect(parsed).toMatchObject({ ok: true, tls: true, verify: 'none' });
    if (!parsed.ok) throw new Error('unreachable');
    expect(parsed.driverTarget().ssl).toEqual({ rejectUnauthorized: false });
  });

  it('`verify-ca`: TLS, the chain checked against sslrootcert, the name not', () => {
    const parsed = parseStoreDbUrl(
      url('db.example.com', `?sslmode=verify-ca&sslrootcert=${root()}`),
    );
    expect(parsed).toMatchObject({ ok: true, tls: true, verify: 'ca' });
    if (!parsed.ok) throw new Error('unreachable');
    const ssl = parsed.driverTarget().ssl as import('node:tls').ConnectionOptions;
    expect(ssl.rejectUnauthorized).toBe(true);
    expect(ssl.ca).toContain('BEGIN CERTIFICATE');
    expect(ssl.checkServerIdentity?.('other.example', {} as never)).toBeUndefined();
  });

  it('`verify-full`: TLS, the chain and the host name checked', () => {
    for (const query of ['?sslmode=verify-full', `?sslmode=verify-full&sslrootcert=${root()}`]) {
      const parsed = parseStoreDbUrl(url('db.example.com', query));
      expect(parsed, query).toMatchObject({ ok: true, tls: true, verify: 'full' });
      if (!parsed.ok) throw new Error('unreachable');
      const ssl = parsed.driverTarget().ssl as import('node:tls').ConnectionOptions;
      expect(ssl.rejectUnauthorized).toBe(true);
      expect(ssl.checkServerIdentity).toBe(checkServerIdentity);
      expect(ssl.ca === undefined).toBe(!query.includes('sslrootcert'));
    }
  });

  it('`prefer` and `allow` may fall back to clear text: refused as ambiguous, even on the LAN', () => {
    for (const mode of ['prefer', 'allow']) {
      for (const host of ['192.168.1.20', 'db.example.com']) {
        expect(parseStoreDbUrl(url(host, `?sslmode=${mode}`)), `${mode} ${host}`).toEqual({
          ok: false,
          category: 'ambiguous-url',
        });
      }
    }
  });

  it('a certificate parameter that says something else than the mode is refused', () => {
    for (const query of [
      // libpq reads require with a root certificate as verify-ca.
      `?sslmode=require&sslrootcert=${root()}`,
      // pg-connection-string turns TLS on for a certificate without sslmode.
      `?sslrootcert=${root()}`,
      `?sslmode=disable&sslrootcert=${root()}`,
    ]) {
      expect(parseStoreDbUrl(url('192.168.1.20', query)), query).toEqual({
        ok: false,
        category: 'ambiguous-url',
      });
    }
    for (const query of [
      // verify-ca against the public authorities would take anyone's certificate.
      '?sslmode=verify-ca',
      '?sslmode=sometimes',
      '?sslmode=',
      `?sslmode=verify-full&sslcert=${root()}`,
      '?sslmode=verify-full&sslrootcert=%2Fno%2Fsuch%2Ffile.crt',
      // Not a certificate file: a device that never ends, a folder.
      '?sslmode=verify-full&sslrootcert=%2Fdev%2Fzero',
      '?sslmode=verify-full&sslrootcert=%2Ftmp',
    ]) {
      expect(parseStoreDbUrl(url('192.168.1.20', query)), query).toEqual({
        ok: false,
        category: 'bad-url',
      });
    }
  });
});

describe('each sslmode against a real TLS handshake', () => {
  let server: RogueServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const tlsServer = async () => {
    // Lets any login in without a password: what is tested here is the link only.
    server = await startRogueServer({ answer: 'undefined-table', tls: certs.server });
    return server;
  };
  const connects = async (target: string) => {
    const client = await connectStoreDb(target, TIMEOUTS);
    await client.end();
  };

  it('`disable` sends no TLS request', async () => {
    const s = await tlsServer();
    await connects(url('127.0.0.1', '?sslmode=disable').replace(':5432', `:${s.port}`));
    expect(s.sslRequests()).toBe(0);
  });

  it('`require` speaks TLS with a certificate nobody vouches for', async () => {
    const s = await tlsServer();
    await connects(url('127.0.0.1', '?sslmode=require').replace(':5432', `:${s.port}`));
    expect(s.tlsLinks()).toBe(1);
  });

  it('`require` is refused by a server without TLS, never continued in clear', async () => {
    server = await startRogueServer({ answer: 'undefined-table' });
    const target = url('127.0.0.1', '?sslmode=require').replace(':5432', `:${server.port}`);
    await expect(connectStoreDb(target, TIMEOUTS)).rejects.toMatchObject({ category: 'tls' });
    expect(server.sslRequests()).toBe(1);
    expect(server.messages()).toEqual([]);
  });

  it('`verify-ca` takes the store authority’s certificate under any name, and no other authority’s', async () => {
    const s = await tlsServer();
    // The certificate is issued to `localhost`; 127.0.0.1 is not on it.
    await connects(
      url('127.0.0.1', `?sslmode=verify-ca&sslrootcert=${root()}`).replace(':5432', `:${s.port}`),
    );
    expect(s.tlsLinks()).toBe(1);
    const other = encodeURIComponent(certs.otherCaFile);
    await expect(
      connectStoreDb(
        url('127.0.0.1', `?sslmode=verify-ca&sslrootcert=${other}`).replace(':5432', `:${s.port}`),
        TIMEOUTS,
      ),
    ).rejects.toMatchObject({ category: 'tls' });
  });

  it('`verify-full` takes the certificate only under the name it was issued to', async () => {
    const s = await tlsServer();
    await connects(
      url('localhost', `?sslmode=verify-full&sslrootcert=${root()}`).replace(':5432', `:${s.port}`),
    );
    expect(s.tlsLinks()).toBe(1);
    await expect(
      connectStoreDb(
        url('127.0.0.1', `?sslmode=verify-full&sslrootcert=${root()}`).replace(
          ':5432',
          `:${s.port}`,
        ),
        TIMEOUTS,
      ),
    ).rejects.toMatchObject({ category: 'tls' });
    // Without sslrootcert, the public authorities: the store's own is not one of them.
    await expect(
      connectStoreDb(
        url('localhost', '?sslmode=verify-full').replace(':5432', `:${s.port}`),
        TIMEOUTS,
      ),
    ).rejects.toMatchObject({ category: 'tls' });
  });
});
