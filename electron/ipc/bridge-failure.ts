// Handlers throw a BridgeFailure to answer a typed bridge error; dispatch turns it into
// `{ ok: false, error }`. Anything else thrown is a bug and becomes a generic `internal` error.
import type { BridgeError, BridgeErrorCode } from '../../shared/bridge';

export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';

  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly issues?: Record<string, string>,
    /** The error's own extra facts (time left of a lockout, what is not configured). */
    readonly extra: Pick<BridgeError, 'retry_after_s' | 'missing' | 'attention'> = {},
  ) {
    super(message);
  }

  toBridgeError(): BridgeError {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...this.extra,
    };
  }
}

export const badArguments = (message: string, issues?: Record<string, string>) =>
  new BridgeFailure('bad-arguments', message, issues);

export const notConfigured = (message: string, missing?: BridgeError['missing']) =>
  new BridgeFailure('not-configured', message, undefined, missing ? { missing } : {});
