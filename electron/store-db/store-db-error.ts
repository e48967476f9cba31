// The one error the store database's code throws, named by what the counter should say
// (shared/store/replication-state.ts). Its own file so connection.ts and answer-bounds.ts share it.
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';

export class StoreDbError extends Error {
  constructor(
    readonly category: StoreDbErrorCategory,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreDbError';
  }
}
