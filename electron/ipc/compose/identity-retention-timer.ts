// The journal masks its customers by itself (docs/personal-data.md "A counter keeps less"): a
// minute after start and then every hour, the operations electron/journal/identity-retention.ts
// picks are masked in place. Never in a sale's way: the masking writes only lines already
// written, and appends go on meanwhile. A run that fails is logged and tried at the next.
import { retentionChoice } from '../../journal/identity-retention';
import type { Journal } from '../../journal/journal';
import type { Logger } from '../../log/logger';
import type { SettingsStore } from '../../settings/settings-store';
import type { StoreLink } from '../../store-link/store-link';

export type IdentityRetention = {
  /** One run now (the timer's own, and the tests'). */
  runOnce(): Promise<void>;
  stop(): void;
};

export function startIdentityRetention(options: {
  journal: Journal;
  settings: SettingsStore;
  storeLink: StoreLink | null;
  logger: Logger;
  clock: () => Date;
  firstMs?: number;
  everyMs?: number;
}): IdentityRetention {
  const { journal, settings, storeLink, logger, clock } = options;
  let running: Promise<void> | null = null;
  const runOnce = () => {
    running ??= (async () => {
      try {
        const current = settings.get();
        // A store database set at this counter (in use or not reached yet): only what it holds.
        const replicatedSeq = storeLink?.urlInUse() ? storeLink.replication().replicated_seq : null;
        const report = await journal.maskIdentities(
          retentionChoice({
            now: clock(),
            timeZone: current.time_zone,
            replicatedSeq,
            retentionDays: current.identity_retention_days,
          }),
        );
        if (report.operations > 0 || report.left > 0)
          logger.info('customers masked in the journal', { ...report });
      } catch (error) {
        logger.warn('customers not masked in the journal this time', { error });
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(() => void runOnce(), options.firstMs ?? 60_000);
  const every = setInterval(() => void runOnce(), options.everyMs ?? 3_600_000);
  first.unref?.();
  every.unref?.();
  return {
    runOnce,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
