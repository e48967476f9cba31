// What a store database URL's `sslmode` means, one meaning per mode, libpq's (the one every
// PostgreSQL technician knows), built here into node-postgres's `ssl` option rather than left to
// pg-connection-string, whose reading changed between versions (2.x reads `require`, `prefer` and
// `verify-ca` as verify-full; its libpq mode and the next major read them as libpq does). See
// docs/store-database.md "TLS and passwords" and docs/decisions.md "sslmode has one meaning
// (issue 34, item 7)".
//
// | sslmode              | TLS | the server's certificate                        |
// | (none), `disable`    | no  | —                                               |
// | `require`            | yes | not checked (an eavesdropper sees nothing; a    |
// |                      |     | machine in the middle can still pose as it)     |
// | `verify-ca`          | yes | signed by the URL's `sslrootcert`; any name     |
// | `verify-full`        | yes | signed by `sslrootcert` (else the usual public  |
// |                      |     | authorities) and issued for the host's name     |
// | `prefer`, `allow`    | refused as ambiguous: they fall back to clear text whenever the     |
// |                      | server (or a machine in the middle) says no TLS                    |
import { readFileSync, statSync } from 'node:fs';
import { type ConnectionOptions, checkServerIdentity } from 'node:tls';

/** How far TLS vouches for the server: the password rule (password-rule.ts) reads it. */
export type TlsVerification = 'none' | 'ca' | 'full';

export type TlsMode =
  | { ok: true; tls: boolean; verify: TlsVerification; ssl: false | ConnectionOptions }
  | { ok: false; category: 'bad-url' | 'ambiguous-url' };

/** The certificate parameters a URL may carry: paths of files on this counter. */
export type CertificateFiles = {
  sslrootcert: string | null;
  sslcert: string | null;
  sslkey: string | null;
};

/** A certificate or key file is small; past this the URL names something else (`/dev/zero`). */
const MAX_CERTIFICATE_FILE_BYTES = 256 * 1024;

/** A regular, small file's text; null when it is none (a missing path, a folder, a device). */
function readCertificateFile(path: string): string | null {
  try {
    const info = statSync(path);
    if (!info.isFile() || info.size > MAX_CERTIFICATE_FILE_BYTES) return null;
    // Read through the same bound: a file that grew between the two calls is cut, and fails TLS.
    return readFileSync(path, 'utf8').slice(0, MAX_CERTIFICATE_FILE_BYTES);
  } catch {
    return null;
  }
}

/**
 * The meaning of `sslmode` (null: none given) with the URL's certificate files, as node-postgres's
 * `ssl` option: `false`, or TLS options whose every check is set here, never a library default.
 */
export function tlsMode(sslmode: string | null, files: CertificateFiles): TlsMode {
  const anyFile = files.sslrootcert !== null || files.sslcert !== null || files.sslkey !== null;
  if (sslmode === null || sslmode === 'disable') {
    // A certificate with no TLS reads two ways: pg-connection-string turns TLS on for it.
    if (anyFile) return { ok: false, category: 'ambiguous-url' };
    return { ok: true, tls: false, verify: 'none', ssl: false };
  }
  if (sslmode === 'prefer' || sslmode === 'allow') return { ok: false, category: 'ambiguous-url' };
  if (sslmode !== 'require' && sslmode !== 'verify-ca' && sslmode !== 'verify-full') {
    return { ok: false, category: 'bad-url' };
  }
  // libpq reads `require` with a root certificate as verify-ca: the words and the act differ.
  if (sslmode === 'require' && files.sslrootcert !== null) {
    return { ok: false, category: 'ambiguous-url' };
  }
  // verify-ca against the public authorities would take any certificate any of them issued to
  // anyone: it needs the store's own authority.
  if (sslmode === 'verify-ca' && files.sslrootcert === null) {
    return { ok: false, category: 'bad-url' };
  }
  // A client certificate is its certificate and its key together.
  if ((files.sslcert === null) !== (files.sslkey === null)) {
    return { ok: false, category: 'bad-url' };
  }
  const ssl: ConnectionOptions = {};
  for (const [name, option] of [
    ['sslrootcert', 'ca'],
    ['sslcert', 'cert'],
    ['sslkey', 'key'],
  ] as const) {
    const path = files[name];
    if (path === null) continue;
    const text = readCertificateFile(path);
    if (text === null) return { ok: false, category: 'bad-url' };
    ssl[option] = text;
  }
  if (sslmode === 'require') {
    return { ok: true, tls: true, verify: 'none', ssl: { ...ssl, rejectUnauthorized: false } };
  }
  if (sslmode === 'verify-ca') {
    return {
      ok: true,
      tls: true,
      verify: 'ca',
      // The chain is checked (rejectUnauthorized); the name is not.
      ssl: { ...ssl, rejectUnauthorized: true, checkServerIdentity: () => undefined },
    };
  }
  return {
    ok: true,
    tls: true,
    verify: 'full',
    ssl: { ...ssl, rejectUnauthorized: true, checkServerIdentity },
  };
}
