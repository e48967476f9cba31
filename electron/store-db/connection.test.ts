import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categorize, connectStoreDb, parseStoreDbUrl } from './connection';
import { startSilentServer } from './test-support/silent-server';

describe('a store database URL', () => {
  it('on the store network needs no TLS; anywhere else it must ask for it', () => {
    for (const host of [
      '127.0.0.1',
      'localhost',
      '192.168.1.10',
      '10.0.0.5',
      '172.20.1.1',
      'backoffice',
      '[::1]',
      '[fd00::5]',
    ]) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}:5432/mostrador`), host).toMatchObject({
        ok: true,
        tls: false,
      });
    }
    for (const host of ['172.32.0.1', '8.8.8.8', 'db.example.com', '[2001:db8::1]']) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/mostrador`), host).toEqual({
        ok: false,
        category: 'tls-required',
      });
      expect(
        parseStoreDbUrl(`postgres://caja:pw@${host}/mostrador?sslmode=require`),
        host,
      ).toMatchObject({ ok: true, tls: true });
    }
    expect(parseStoreDbUrl(`postgres://caja:pw@db.example.com/m?sslmode=prefer`)).toMatchObject({
      ok: false,
    });
  });

  it('what is not a postgres URL is a bad URL, and the password never shows in the answer', () => {
    for (const url of ['', 'caja:pw@host/db', 'http://host/db', 'postgres://']) {
      expect(parseStoreDbUrl(url), url).toEqual({ ok: false, category: 'bad-url' });
    }
    expect(
      JSON.stringify(parseStoreDbUrl('postgres://caja:secret-pw@192.168.1.10/m')),
    ).not.toContain('secret-pw');
  });

  it('names server errors by what the counter should say', () => {
    expect(categorize({ code: 'ECONNREFUSED' })).toBe('network');
    expect(categorize(new Error('Connection terminated due to connection timeout'))).toBe(
      'timeout',
    );
    expect(categorize({ code: '28P01', message: 'password authentication failed' })).toBe('auth');
    expect(categorize({ code: '3D000' })).toBe('no-database');
    expect(categorize({ code: '42P01' })).toBe('not-migrated');
    expect(categorize({ code: '42501' })).toBe('permission');
    expect(categorize({ code: '57P01' })).toBe('network');
    expect(categorize({ code: '23514' })).toBe('bad-line');
  });

  it('reads the connection words only in a connection error, never in a value the app refused', () => {
    // A close record the app cannot parse: zod's text says "closed" (issue 26 item 2), and F6
    // said "did not answer (network)" for ever.
    const zod = z.object({ closed: z.string() }).safeParse({ closed: 1 });
    expect(zod.success).toBe(false);
    expect(categorize(zod.error)).toBe('server');
    expect(categorize(new SyntaxError('Unexpected token c in JSON: "closed"'))).toBe('server');
    // A server error whose message quotes a word the client's own errors use.
    expect(categorize({ code: 'MS005', message: 'the close is not closed' })).toBe('server');
    expect(categorize(new Error('Client was closed and is not queryable'))).toBe('network');
    expect(categorize(new Error('Connection terminated unexpectedly'))).toBe('network');
  });
});

describe('a store database URL is judged by what the driver will use (issue 26, item 5)', () => {
  it('refuses a host or port in the query string that differs from the address shown', () => {
    // node-postgres would connect (and send the password) to 127.0.0.1:48126.
    expect(
      parseStoreDbUrl('postgres://caja_1:pw@192.168.50.10:5432/db?host=127.0.0.1&port=48126'),
    ).toEqual({ ok: false, category: 'ambiguous-url' });
    expect(parseStoreDbUrl('postgres://caja_1:pw@192.168.50.10/db?port=48126')).toEqual({
      ok: false,
      category: 'ambiguous-url',
    });
    // The same host and port written twice say one thing.
    expect(
      parseStoreDbUrl('postgres://caja_1:pw@192.168.50.10:5432/db?host=192.168.50.10&port=5432'),
    ).toMatchObject({ ok: true, host: '192.168.50.10', port: 5432 });
  });

  it('a public host in the query string does not pass the TLS rule under a private address', () => {
    expect(parseStoreDbUrl('postgres://caja_1:pw@10.0.0.1/db?host=db.example.com')).toEqual({
      ok: false,
      category: 'ambiguous-url',
    });
  });

  it('refuses a repeated parameter: the driver takes the last, a reader the first', () => {
    expect(
      parseStoreDbUrl('postgres://caja_1:pw@db.example.com/db?sslmode=require&sslmode=disable'),
    ).toEqual({ ok: false, category: 'ambiguous-url' });
    expect(
      parseStoreDbUrl('postgres://caja_1:pw@10.0.0.1/db?sslmode=disable&sslmode=disable'),
    ).toEqual({ ok: false, category: 'ambiguous-url' });
  });

  it('refuses unix-socket hosts and parameters the counter does not follow', () => {
    for (const url of [
      'postgres://caja_1:pw@10.0.0.1/db?host=/var/run/postgresql',
      'postgres://caja_1:pw@%2Fvar%2Frun%2Fpostgresql/db',
    ]) {
      expect(parseStoreDbUrl(url), url).toEqual({ ok: false, category: 'ambiguous-url' });
    }
    for (const url of [
      // Would turn the counter's deadlines off, or another login in than the one shown.
      'postgres://caja_1:pw@10.0.0.1/db?statement_timeout=0',
      'postgres://caja_1:pw@10.0.0.1/db?user=postgres',
      'postgres://caja_1:pw@10.0.0.1/db?ssl=0',
      'postgres://caja_1:pw@10.0.0.1/db?uselibpqcompat=true&sslmode=require',
    ]) {
      expect(parseStoreDbUrl(url), url).toEqual({ ok: false, category: 'ambiguous-url' });
    }
  });

  it('connects to the host it shows, never to one in the query string', async () => {
    const silent = await startSilentServer();
    try {
      const port = new URL(silent.url).port;
      const url = `postgres://caja_1:pw@192.168.50.10:5432/db?host=127.0.0.1&port=${port}`;
      await expect(
        connectStoreDb(url, { connectTimeoutMs: 300, statementTimeoutMs: 300 }),
      ).rejects.toMatchObject({ category: 'ambiguous-url' });
      expect(silent.accepted()).toBe(0);
    } finally {
      await silent.close();
    }
  });
});

describe('a host means the address it is, however it is spelled (issue 34, item 6)', () => {
  // Every spelling the system resolver (inet_aton) reads as an IPv4 address: the TLS rule is
  // applied to that address, and the driver is given it.
  const spellings: [spelling: string, address: string, isPrivate: boolean][] = [
    ['134744072', '8.8.8.8', false], // decimal
    ['0x08080808', '8.8.8.8', false], // hex
    ['0X8080808', '8.8.8.8', false],
    ['010.8.8.8', '8.8.8.8', false], // octal first part
    ['8.8.2056', '8.8.8.8', false], // a.b.c, the last part two bytes
    ['8.526344', '8.8.8.8', false], // a.b, the last part three bytes
    ['0x8.0x8.0x8.0x8', '8.8.8.8', false],
    ['0x8.010.2056', '8.8.8.8', false], // mixed
    ['0xac.0x20.1', '172.32.0.1', false], // just past 172.16/12
    ['127.1', '127.0.0.1', true], // short forms of loopback
    ['0x7f.1', '127.0.0.1', true],
    ['0177.0.0.1', '127.0.0.1', true],
    ['2130706433', '127.0.0.1', true],
    ['10.1', '10.0.0.1', true],
    ['012.0x1', '10.0.0.1', true],
    ['0xc0.0xa8.0x1.0x14', '192.168.1.20', true],
    ['3232235796', '192.168.1.20', true],
    ['0xac.0x1f.1', '172.31.0.1', true],
    ['169.254.1', '169.254.0.1', true],
  ];

  it.each(spellings)('%s is %s', (spelling, address, isPrivate) => {
    const plain = parseStoreDbUrl(`postgres://caja:pw@${spelling}:5432/tienda`);
    if (isPrivate) {
      expect(plain).toMatchObject({ ok: true, host: address, tls: false });
      if (!plain.ok) throw new Error('unreachable');
      expect(plain.driverTarget().host).toBe(address);
    } else {
      expect(plain).toEqual({ ok: false, category: 'tls-required' });
    }
    const withTls = parseStoreDbUrl(`postgres://caja:pw@${spelling}:5432/tienda?sslmode=require`);
    expect(withTls).toMatchObject({ ok: true, host: address, tls: true });
    if (!withTls.ok) throw new Error('unreachable');
    expect(withTls.driverTarget().host).toBe(address);
  });

  it('IPv6 by its prefix, and an IPv4-mapped address by its IPv4 address', () => {
    for (const host of ['[::1]', '[fd00::5]', '[fc12::1]', '[fe80::1]', '[febf::1]']) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/m`), host).toMatchObject({ ok: true });
    }
    for (const host of [
      '[::ffff:8.8.8.8]',
      '[::ffff:808:808]',
      // `fd::1` is 00fd::1, not a unique-local fd00::/8 address.
      '[fd::1]',
      '[fec0::1]',
      '[2001:db8::1]',
    ]) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/m`), host).toEqual({
        ok: false,
        category: 'tls-required',
      });
    }
    expect(parseStoreDbUrl('postgres://caja:pw@[::ffff:127.0.0.1]/m')).toMatchObject({ ok: true });
  });

  it('numbers that are no address are refused, never sent to DNS as a name', () => {
    for (const host of [
      '999.1.1.1',
      '1.2.3.256',
      '08.1.1.1',
      '4294967296',
      '0x',
      '1.2.3.4.5',
      'caja.1',
    ]) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/m?sslmode=require`), host).toEqual({
        ok: false,
        category: 'bad-url',
      });
    }
  });

  it('names stay names: a machine name of the store, a public name', () => {
    for (const host of ['backoffice', 'deadbeef', 'caja-1', 'tienda.local', 'server.lan']) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/m`), host).toMatchObject({
        ok: true,
        host,
        tls: false,
      });
    }
    for (const host of ['db.example.com', 'x1.example.com']) {
      expect(parseStoreDbUrl(`postgres://caja:pw@${host}/m`), host).toEqual({
        ok: false,
        category: 'tls-required',
      });
    }
  });

  it('connects to the address the decimal spelling is, after the rule', async () => {
    const silent = await startSilentServer();
    try {
      const port = new URL(silent.url).port;
      // 2130706433 is 127.0.0.1: taken as loopback, and the driver goes to 127.0.0.1.
      await expect(
        connectStoreDb(`postgres://caja:pw@2130706433:${port}/db`, {
          connectTimeoutMs: 300,
          statementTimeoutMs: 300,
        }),
      ).rejects.toMatchObject({ category: 'timeout' });
      expect(silent.accepted()).toBe(1);
    } finally {
      await silent.close();
    }
  });
});
