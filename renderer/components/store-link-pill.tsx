// The counter's own link to the store database, in the top bar on every screen, only when its
// journal lines are not getting through (docs/store-database.md "How the counters send their lines"): since
// when, and how many wait; a counter the store has not enrolled says so ("sin alta en la tienda"). The counter keeps selling meanwhile; the words say so, the icon and
// the colour only repeat it.
import { useEffect, useState } from 'react';
import type { ReplicationState } from '../../shared/bridge';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { formatStoreClock } from '../logic/store-day';
import { enrollmentNeeded } from '../logic/store-enrollment';
import { useLanguage, useTimeZone } from '../stores/settings-store';

const POLL_MS = 5_000;
/** A batch on its way is not news: "behind" shows once lines have waited this long. */
const BEHIND_AFTER_MS = 30_000;

export function StoreLinkPill() {
  const t = useT();
  const timeZone = useTimeZone();
  const language = useLanguage();
  const [state, setState] = useState<ReplicationState | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const answer = await call('storeDb.replication', {});
      if (stopped) return;
      setState(answer.ok ? answer.result : null);
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const shown = state ? pillOf(state) : null;
  const time = state?.since ? formatStoreClock(state.since, timeZone, language) : '—';
  return (
    <div role="status" className="pending-slot">
      {shown ? (
        <p
          className={`store-pill store-pill--${shown.tone}`}
          data-testid="store-link-pill"
          data-state={state?.state}
          title={t(shown.help)}
        >
          <span aria-hidden="true">{shown.tone === 'alarm' ? '✕ ' : '⚠ '}</span>
          {t(shown.key, { time, count: state?.waiting_lines ?? 0 })}
        </p>
      ) : null}
    </div>
  );
}

type Pill = { key: MessageKey; tone: 'warn' | 'alarm'; help: MessageKey };

function pillOf(state: ReplicationState): Pill | null {
  const help = 'storeDb.pill.help';
  // Refused for want of the technician's code (not enrolled, another key, another store): not a
  // connection to test, an enrollment to make (docs/store-database.md "Setting a counter").
  if (enrollmentNeeded(state)) {
    return {
      key: state.waiting_lines === 0 ? 'storeDb.pill.notEnrolledNone' : 'storeDb.pill.notEnrolled',
      tone: 'alarm',
      help: 'storeDb.pill.notEnrolledHelp',
    };
  }
  switch (state.state) {
    case 'unreachable':
      return {
        key: state.waiting_lines === 1 ? 'storeDb.pill.unreachableOne' : 'storeDb.pill.unreachable',
        tone: 'warn',
        help,
      };
    case 'behind': {
      const waited = state.since ? Date.now() - Date.parse(state.since) : 0;
      return waited >= BEHIND_AFTER_MS && state.waiting_lines > 0
        ? { key: 'storeDb.pill.behind', tone: 'warn', help }
        : null;
    }
    case 'refused':
      return { key: 'storeDb.pill.refused', tone: 'alarm', help };
    case 'conflict':
      return { key: 'storeDb.pill.conflict', tone: 'alarm', help };
    default:
      return null;
  }
}
