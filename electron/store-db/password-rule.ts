// No password in clear (docs/store-database.md "TLS and passwords", docs/decisions.md "No
// password in clear (issue 34, item 4)"): a counter proves its password with SCRAM, which sends
// nothing a listener can reuse, and with channel binding (SCRAM-SHA-256-PLUS) when TLS is on and
// the server offers it. A server that asks for the password itself (AuthenticationCleartextPassword)
// or for its MD5 hash (AuthenticationMD5Password, which is as good as the password to whoever
// reads it off the wire) gets nothing unless TLS has verified it is the server the URL names
// (`sslmode=verify-ca` or `verify-full`): a machine in the middle on the store's LAN, or behind an
// unverified `require`, can ask for either. The connection is ended with a category that says
// which, so "Probar conexión" and `npm run store-db -- check` name it.
import { TLSSocket } from 'node:tls';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { StoreDbError } from './store-db-error';

export type PasswordRequest = 'cleartext' | 'md5';

const CATEGORY: Record<PasswordRequest, StoreDbErrorCategory> = {
  cleartext: 'asks-cleartext-password',
  md5: 'asks-md5-password',
};

/**
 * True only on a TLS link whose certificate chain was checked and held (`rejectUnauthorized`
 * set by tls-mode.ts for verify-ca and verify-full, and the socket says it is authorized):
 * `require` never passes, whatever certificate the server shows.
 */
export function serverVerifiedByTls(stream: unknown, ssl: unknown): boolean {
  const verifying =
    typeof ssl === 'object' &&
    ssl !== null &&
    (ssl as { rejectUnauthorized?: unknown }).rejectUnauthorized === true;
  return verifying && stream instanceof TLSSocket && stream.authorized === true;
}

/** The error that ends a connection whose server asked for the password in a way it may not. */
export function passwordRefused(request: PasswordRequest): StoreDbError {
  return new StoreDbError(
    CATEGORY[request],
    request === 'cleartext'
      ? 'the store database asked for the password in clear text, and TLS has not verified it: not sent (use scram-sha-256, or sslmode=verify-full)'
      : 'the store database asked for an MD5 password, and TLS has not verified it: not sent (use scram-sha-256, or sslmode=verify-full)',
  );
}
