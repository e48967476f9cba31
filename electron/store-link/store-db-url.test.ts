import { describe, expect, it } from 'vitest';
import { checkStoreDbUrl, describeTarget } from './store-db-url';

describe('the store database URL', () => {
  it('takes a postgres URL on this machine or the store network without TLS', () => {
    for (const url of [
      'postgres://caja:secreto@127.0.0.1:5432/tienda',
      'postgresql://caja:secreto@localhost/tienda',
      'postgres://caja:secreto@192.168.1.20/tienda?sslmode=disable',
      'postgres://caja:secreto@10.0.0.5:5433/tienda',
      'postgres://caja:secreto@172.20.0.2/tienda',
      'postgres://caja:secreto@[::1]:5432/tienda',
    ]) {
      expect({ url, ok: checkStoreDbUrl(url).ok }).toEqual({ url, ok: true });
    }
  });

  it('asks for sslmode=require, verify-ca or verify-full outside the store network', () => {
    for (const url of [
      'postgres://caja:secreto@db.example.pe/tienda',
      'postgres://caja:secreto@8.8.8.8/tienda?sslmode=disable',
      'postgres://caja:secreto@172.32.0.1/tienda',
      'postgres://caja:secreto@[2001:db8::1]/tienda',
      // 134744072 is 8.8.8.8 to the resolver, not a machine name of the store (issue 34, item 6).
      'postgres://caja:secreto@134744072/tienda',
    ]) {
      expect({ url, check: checkStoreDbUrl(url) }).toEqual({
        url,
        check: { ok: false, problem: 'needs-tls' },
      });
    }
    expect(checkStoreDbUrl('postgres://caja:secreto@db.example.pe/tienda?sslmode=require').ok).toBe(
      true,
    );
    expect(
      checkStoreDbUrl('postgres://caja:secreto@db.example.pe/tienda?sslmode=verify-full').ok,
    ).toBe(true);
  });

  it('refuses what is not a usable postgres URL', () => {
    for (const url of [
      'tienda',
      'https://caja:secreto@127.0.0.1/tienda',
      'postgres://127.0.0.1/tienda',
      'postgres://caja:secreto@127.0.0.1',
      'postgres://caja:secreto@127.0.0.1/',
      'postgres://caja:secreto@127.0.0.1/tienda?sslmode=sometimes',
      'postgres://caja:secreto@127.0.0.1:99999/tienda',
      'postgres://caja:%E0%A4%A@127.0.0.1/tienda',
    ]) {
      expect({ url, check: checkStoreDbUrl(url) }).toEqual({
        url,
        check: { ok: false, problem: 'not-a-url' },
      });
    }
  });

  it('describes the target with host, port, database and user, never the password', () => {
    const checked = checkStoreDbUrl('postgres://caja%202:p%40ss-w0rd@192.168.1.20/tienda');
    if (!checked.ok) throw new Error('expected a usable URL');
    expect(checked.target).toEqual({
      host: '192.168.1.20',
      port: 5432,
      database: 'tienda',
      user: 'caja 2',
      sslmode: null,
    });
    expect(checked.password).toBe('p@ss-w0rd');
    expect(describeTarget(checked.target)).toBe('caja 2@192.168.1.20:5432/tienda');
    expect(JSON.stringify(checked.target)).not.toContain('w0rd');
  });

  it('takes the store network by name too (a back-office PC), as the database side does', () => {
    expect(checkStoreDbUrl('postgres://caja:secreto@backoffice/tienda').ok).toBe(true);
    expect(checkStoreDbUrl('postgres://caja:secreto@caja-server.local/tienda').ok).toBe(true);
    expect(checkStoreDbUrl('postgres://caja:secreto@[fd00::1]/tienda').ok).toBe(true);
  });

  it('shows and checks what the driver will use: an ambiguous URL is refused (issue 26, item 5)', () => {
    for (const url of [
      // Shown as 192.168.50.10; node-postgres would send the password to 127.0.0.1:48126.
      'postgres://caja_1:pw@192.168.50.10:5432/db?host=127.0.0.1&port=48126',
      // A public host hidden behind a private address would pass the TLS rule.
      'postgres://caja_1:pw@10.0.0.1/db?host=db.example.com',
      // Shown as require; the driver takes the last one and connects in clear.
      'postgres://caja_1:pw@db.example.com/db?sslmode=require&sslmode=disable',
      'postgres://caja_1:pw@10.0.0.1/db?host=/var/run/postgresql',
      'postgres://caja_1:pw@10.0.0.1/db?password=other',
      // TLS or clear text, whichever the server (or a machine in the middle) says (issue 34, item 7).
      'postgres://caja:secreto@db.example.pe/tienda?sslmode=prefer',
      'postgres://caja:secreto@192.168.1.20/tienda?sslmode=allow',
    ]) {
      expect({ url, check: checkStoreDbUrl(url) }).toEqual({
        url,
        check: { ok: false, problem: 'ambiguous' },
      });
    }
    const same = checkStoreDbUrl(
      'postgres://caja_1:pw@192.168.50.10:5432/db?host=192.168.50.10&port=5432&sslmode=require',
    );
    expect(same.ok && same.target).toEqual({
      host: '192.168.50.10',
      port: 5432,
      database: 'db',
      user: 'caja_1',
      sslmode: 'require',
    });
  });
});
