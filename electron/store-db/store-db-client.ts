// The one pg.Client class every store database connection of the app and of `npm run store-db`
// is made with (connectStoreDb, openStoreDbPool's `Client`): its answers are bounded
// (answer-bounds.ts), and it sends its password only as SCRAM unless TLS verified the server
// (password-rule.ts), with channel binding when TLS is on.
import pg from 'pg';
import { type AnswerBounds, boundAnswers, type PgConnection } from './answer-bounds';
import { type PasswordRequest, passwordRefused, serverVerifiedByTls } from './password-rule';

/** The parts of node-postgres's Client this class reads or overrides (not in its published types). */
type ClientInternals = {
  connection: PgConnection;
  ssl: unknown;
  enableChannelBinding: boolean;
};
type AuthHandlers = {
  _handleAuthCleartextPassword(message: unknown): void;
  _handleAuthMD5Password(message: unknown): void;
};
const pgAuth = pg.Client.prototype as unknown as AuthHandlers;
// The rule overrides these two by name: a node-postgres that named them otherwise would answer a
// password request past it, so no store database client is made at all (fails closed).
if (
  typeof pgAuth._handleAuthCleartextPassword !== 'function' ||
  typeof pgAuth._handleAuthMD5Password !== 'function'
) {
  throw new Error('node-postgres no longer has the password handlers store-db-client.ts overrides');
}

const classes = new Map<string, typeof pg.Client>();

/** A pg.Client class with these answer bounds (one class per bounds, reused). */
export function storeDbClient(bounds: AnswerBounds): typeof pg.Client {
  const key = `${bounds.maxBytes}:${bounds.maxRows}`;
  const known = classes.get(key);
  if (known) return known;

  /** Ends the connection before a byte of the password is written; the connect rejects with it. */
  const refuse = (client: ClientInternals, request: PasswordRequest) => {
    client.connection.stream.destroy(passwordRefused(request));
  };
  const mayAnswer = (client: ClientInternals) =>
    serverVerifiedByTls(client.connection.stream, client.ssl);

  class StoreDbClient extends pg.Client {
    readonly lastAnswer: () => { bytes: number; rows: number };
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const self = this as unknown as ClientInternals;
      this.lastAnswer = boundAnswers(self.connection, bounds);
      // SCRAM-SHA-256-PLUS when the link is TLS and the server offers it. Not on a plain link:
      // there is no certificate to bind to.
      self.enableChannelBinding = Boolean(self.ssl);
    }

    /** node-postgres would write the password itself. */
    _handleAuthCleartextPassword(message: unknown): void {
      const self = this as unknown as ClientInternals;
      if (mayAnswer(self)) pgAuth._handleAuthCleartextPassword.call(this, message);
      else refuse(self, 'cleartext');
    }

    /** node-postgres would write md5(md5(password + user) + salt): crackable, and replayable to this server. */
    _handleAuthMD5Password(message: unknown): void {
      const self = this as unknown as ClientInternals;
      if (mayAnswer(self)) pgAuth._handleAuthMD5Password.call(this, message);
      else refuse(self, 'md5');
    }
  }
  classes.set(key, StoreDbClient);
  return StoreDbClient;
}
