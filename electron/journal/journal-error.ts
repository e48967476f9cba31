// Journal failures as values with a code the caller can act on. A message never quotes entry
// values, only field paths, so an error can be logged without leaking what was refused.

export type JournalErrorCode =
  /** The entry does not match the schema (or is not JSON). Nothing was written. */
  | 'invalid-entry'
  /** The entry holds something shaped like a credential. Nothing was written. */
  | 'secret-in-entry'
  /** No intent with that op_id. Nothing was written. */
  | 'unknown-operation'
  /** The operation already has a definite outcome, which is final. Nothing was written. */
  | 'already-final'
  /**
   * Writing or syncing failed: whether the entry reached the disk is unknown, so the journal
   * takes no more appends until it is reopened (which recovers a torn line).
   */
  | 'write-failed'
  | 'closed';

export class JournalError extends Error {
  override readonly name = 'JournalError';

  constructor(
    readonly code: JournalErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A write or sync that failed (disk full, device gone): the journal takes entries again later. */
export function isWriteFailure(error: unknown): boolean {
  return error instanceof JournalError && error.code === 'write-failed';
}
