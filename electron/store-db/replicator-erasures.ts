// Erasure notices for a counter's replication (part of electron/store-db/replicator.ts;
// docs/personal-data.md "Erasure on request"): asked for at the first turn connected and every
// `everyMs` after, masked in the journal by `apply`, and the done ones told to the database. The
// loop asks before it reads a batch, so no line read before the journal was masked goes after the
// database forgot whose.
import type pg from 'pg';
import type { StoreDbTimeouts } from './connection';
import { erasureNotices, erasureNoticesDone } from './personal-data';
import type { ReplicatorOptions } from './replicator-options';

/** Takes this counter's notices on `c` when they are due (a no-op without `erasures`). */
export type ErasureNoticeTaker = (c: pg.Client) => Promise<void>;

export function erasureNoticeTaker(deps: {
  options: Pick<ReplicatorOptions, 'erasures' | 'terminalId' | 'signingKey'>;
  clock: () => Date;
  timeouts: StoreDbTimeouts;
}): ErasureNoticeTaker {
  const { options, clock, timeouts } = deps;
  /** When the erasure notices were last asked for (never: at the first call connected). */
  let noticesAskedAt = Number.NEGATIVE_INFINITY;
  const noticesEveryMs = options.erasures?.everyMs ?? 60_000;

  return async (c) => {
    const erasures = options.erasures;
    if (!erasures || clock().getTime() - noticesAskedAt < noticesEveryMs) return;
    noticesAskedAt = clock().getTime();
    const signer = { terminalId: options.terminalId, signingKey: options.signingKey };
    const notices = await erasureNotices(c, signer, { clock, timeouts });
    if (notices.length === 0) return;
    const done = (await erasures.apply(notices)).filter((n) => n.done).map((n) => n.id);
    if (done.length > 0) await erasureNoticesDone(c, signer, done, { clock, timeouts });
  };
}
