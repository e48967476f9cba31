// "Probar conexión" of the store database as lines (components/store-db-check-list.tsx): each
// check the main process made, passed, failed with what to do, or not reached because one before
// it failed (the server first). Pure, so it is tested without a browser.
import type { StoreDbCheck } from '../../shared/store/store-db-check';
import type { T } from '../i18n/use-t';

export type CheckLine = {
  name: 'reachable' | 'migrated' | 'privileges' | 'clock';
  /** null: not checked, since a check it needs failed. */
  ok: boolean | null;
  text: string;
};

export function checkLines(check: StoreDbCheck, t: T): CheckLine[] {
  const { reachable, migrated, privileges, clock } = check;
  const skew = clock.skew_ms === null ? '—' : skewText(clock.skew_ms);
  return [
    {
      name: 'reachable',
      ok: reachable.ok,
      text: reachable.ok
        ? t('storeDb.check.server', { version: reachable.server_version ?? '?' })
        : t(`storeDb.category.${reachable.category ?? 'server'}`),
    },
    {
      name: 'migrated',
      ok: reachable.ok ? migrated.ok : null,
      text: !reachable.ok
        ? ''
        : migrated.ok
          ? t('storeDb.check.version', { version: migrated.version ?? '?' })
          : migrated.version === null
            ? t('storeDb.check.notMigrated')
            : t('storeDb.check.older', { version: migrated.version, required: migrated.required }),
    },
    {
      name: 'privileges',
      ok: reachable.ok && migrated.version !== null ? privileges.ok : null,
      text:
        !reachable.ok || migrated.version === null
          ? ''
          : privileges.ok
            ? ''
            : [
                privileges.missing.length > 0
                  ? t('storeDb.check.tooFew', { list: privileges.missing.join(', ') })
                  : '',
                privileges.excess.length > 0
                  ? t('storeDb.check.tooMany', { list: privileges.excess.join(', ') })
                  : '',
              ]
                .filter(Boolean)
                .join(' '),
    },
    {
      name: 'clock',
      ok: reachable.ok ? clock.ok : null,
      text: !reachable.ok
        ? ''
        : clock.ok
          ? t('storeDb.check.skew', { skew })
          : t('storeDb.check.clockOff', { skew }),
    },
  ];
}

/** A clock difference as "3 s", "12 min" or "2 h 5 min" (the same in es-PE and English). */
export function skewText(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
