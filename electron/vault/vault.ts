// Where the bearer token lives (docs/decisions.md "Security": only the main process reads it).
// `get` stays in the main process; `status` is the only thing that may cross the bridge, so it
// holds only a short fingerprint (a hash prefix), and no error message ever quotes the token.

import { createHash } from 'node:crypto';
import { MAX_TOKEN_LENGTH, serviceTokenProblem } from '../../shared/domain/service-token';

export type VaultEncryption =
  /** Encrypted by the OS: Keychain, DPAPI, or libsecret/KWallet on Linux. */
  | 'os'
  /** Electron's Linux fallback with a fixed key: obfuscation, chosen explicitly by a supervisor. */
  | 'basic_text'
  /** Browser mode: a plain file readable only by this OS user. */
  | 'plain-file'
  | 'memory';

/** Why a vault that should hold a token cannot give it. */
export type VaultProblem = 'corrupt' | 'unreadable' | 'undecryptable' | 'encryption-unavailable';

export type VaultStatus = {
  configured: boolean;
  fingerprint: string | null;
  encryption: VaultEncryption;
  problem: VaultProblem | null;
};

export type SetTokenOptions = {
  /** The supervisor accepted storing the token without real OS encryption (Linux basic_text). */
  allowWeakEncryption?: boolean;
};

export interface Vault {
  status(): Promise<VaultStatus>;
  set(token: string, options?: SetTokenOptions): Promise<void>;
  /** Main process only. Null when no token is stored; throws VaultError when it cannot be read. */
  get(): Promise<string | null>;
  clear(): Promise<void>;
}

export type VaultErrorCode =
  | VaultProblem
  | 'invalid-token'
  | 'weak-encryption-not-allowed'
  | 'write-failed';

export class VaultError extends Error {
  override readonly name = 'VaultError';

  constructor(
    readonly code: VaultErrorCode,
    message: string,
  ) {
    // No `cause`: a cause from a decryptor or a parser could carry the secret it choked on.
    super(message);
  }
}

/** The token as it will be stored: trimmed (pasted tokens carry newlines), then checked. */
export function normalizeToken(token: unknown): string {
  const text = typeof token === 'string' ? token.trim() : '';
  if (serviceTokenProblem(text) !== null) {
    throw new VaultError(
      'invalid-token',
      `a token is 1 to ${MAX_TOKEN_LENGTH} visible ASCII characters without spaces`,
    );
  }
  return text;
}

/**
 * A short fingerprint for the supervisor to tell tokens apart: the first 8 hex digits of its
 * SHA-256. It shows no character of the token (the last four used to be half of a short one).
 */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 8);
}

/** Runs tasks one after another, so a later set or clear always wins over an earlier one. */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}
