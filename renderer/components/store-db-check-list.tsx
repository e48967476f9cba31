// What "Probar conexión" of the store database found (settings-store-db.tsx): the address
// refused before anything was sent, or each check as a line (logic/store-db-checks.ts).
import type { StoreDbTest } from '../../shared/bridge';
import { useT } from '../i18n/use-t';
import { checkLines } from '../logic/store-db-checks';

/** Each check as a line: passed, failed with what to do, or not reached (the server first). */
export function StoreDbCheckList({ check: test }: { check: StoreDbTest }) {
  const t = useT();
  if (test.url_problem || !test.check) {
    return (
      <p className="note-warning">
        <span aria-hidden="true">⚠ </span>
        {t(
          test.url_problem === 'needs-tls'
            ? 'storeDb.settings.urlNeedsTls'
            : test.url_problem === 'ambiguous'
              ? 'storeDb.settings.urlAmbiguous'
              : 'storeDb.settings.urlBad',
        )}
      </p>
    );
  }
  return (
    <ul className="store-checks">
      {checkLines(test.check, t).map((line) => {
        const status = line.ok === null ? 'not-checked' : line.ok ? 'ok' : 'failed';
        return (
          <li
            key={line.name}
            data-testid={`store-check-${line.name}`}
            data-status={status}
            className={status === 'failed' ? 'note-warning' : undefined}
          >
            <span aria-hidden="true">
              {status === 'ok' ? '✓ ' : status === 'failed' ? '✕ ' : '– '}
            </span>
            <strong>{t(`storeDb.check.${line.name}`)}:</strong>{' '}
            {t(`storeDb.check.status.${status}`)}
            {line.text ? ` — ${line.text}` : null}
          </li>
        );
      })}
    </ul>
  );
}
