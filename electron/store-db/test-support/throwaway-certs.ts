// Throwaway TLS certificates for the store database's TLS tests (docs/store-database.md "TLS and
// passwords"): a certificate authority, a server certificate it signs for the name `localhost`
// only (no IP address, so `verify-full` to 127.0.0.1 fails on the name while `verify-ca` passes),
// and a second authority that signed nothing the server shows. Made with the `openssl` command
// (Debian's PostgreSQL server package depends on it); missing, it is an error, never a skip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ThrowawayCerts = {
  dir: string;
  /** The authority that signed the server's certificate: a path for `sslrootcert`. */
  caFile: string;
  /** Another authority: the server's certificate does not chain to it. */
  otherCaFile: string;
  /** The server's key and certificate (PEM text), issued to `localhost`. */
  server: { key: string; cert: string; keyFile: string; certFile: string };
  remove(): void;
};

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const reason =
      (error as { code?: string; stderr?: Buffer }).code === 'ENOENT'
        ? 'the openssl command is not installed (Debian: apt-get install openssl)'
        : String((error as { stderr?: Buffer }).stderr ?? error);
    throw new Error(`making throwaway TLS certificates failed: ${reason}`);
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function authority(dir: string, name: string, subject: string): void {
  openssl(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      subject,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
}

export function makeThrowawayCerts(): ThrowawayCerts {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-tls-'));
  authority(dir, 'ca', '/CN=Mostrador throwaway CA');
  authority(dir, 'other-ca', '/CN=Another throwaway CA');
  openssl(
    ['req', ...EC_KEY, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'],
    dir,
  );
  writeFileSync(
    join(dir, 'server.ext'),
    [
      'subjectAltName=DNS:localhost',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      '2',
      '-days',
      '2',
      '-extfile',
      'server.ext',
      '-out',
      'server.crt',
    ],
    dir,
  );
  const keyFile = join(dir, 'server.key');
  const certFile = join(dir, 'server.crt');
  return {
    dir,
    caFile: join(dir, 'ca.crt'),
    otherCaFile: join(dir, 'other-ca.crt'),
    server: {
      key: readFileSync(keyFile, 'utf8'),
      cert: readFileSync(certFile, 'utf8'),
      keyFile,
      certFile,
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
