// The store's day close on the day summary screen (F6) when a store database is set: the state,
// the exceptions first, each counter's freshness and figures, the close form (supervisor PIN),
// printing and CSV. docs/decisions.md "The store's day close". The panel chooses what to show
// (nothing without a store database, the close being read or not read, the close) and keeps what
// outlives a reading (the form's fields, the printer's answer); each part is a component of its
// own: store-close-unavailable.tsx, store-close-state.tsx, store-close-exceptions.tsx,
// store-close-counters.tsx, store-close-paper.tsx and store-close-form.tsx.
import { useId } from 'react';
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { useT } from '../i18n/use-t';
import { checkCloseForm } from '../logic/store-close-form';
import { useLanguage } from '../stores/settings-store';
import { useStoreCloseStore } from '../stores/store-close-store';
import { StoreCloseCounters, StoreCloseFigures, StoreCloseFreshness } from './store-close-counters';
import { StoreCloseArrived, StoreCloseExceptions } from './store-close-exceptions';
import {
  StoreCloseAnswer,
  StoreCloseForm,
  type StoreCloseFormState,
  useStoreCloseForm,
} from './store-close-form';
import { StoreClosePaper } from './store-close-paper';
import { StoreCloseState } from './store-close-state';
import { StoreCloseLoading, StoreCloseUnavailable } from './store-close-unavailable';
import { usePrint } from './use-print';

export function StoreClosePanel() {
  const print = usePrint();
  const { status, view, error, load, day } = useStoreCloseStore();
  const form = useStoreCloseForm();
  const ids = useId();

  if (status === 'idle' || status === 'absent') return null;
  if (status === 'loading' && !view) return <StoreCloseLoading titleId={`${ids}-title`} />;
  if (status === 'failed' || !view) {
    return (
      <StoreCloseUnavailable
        titleId={`${ids}-title`}
        error={error}
        onRetry={() => day && void load(day)}
      />
    );
  }
  return <StoreCloseShown view={view} form={form} print={print} ids={ids} />;
}

/** The close read: a draft to close, or the day's close as it was made. */
function StoreCloseShown({
  view,
  form,
  print,
  ids,
}: {
  view: StoreCloseView;
  form: StoreCloseFormState;
  print: ReturnType<typeof usePrint>;
  ids: string;
}) {
  const t = useT();
  const language = useLanguage();
  const content = view.stored?.content ?? view.draft;
  const check = checkCloseForm(view, form.fields, t, language);
  return (
    <section className="card store-close" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('storeClose.title')}</h2>
      <p>{t('storeClose.lead')}</p>
      <StoreCloseState view={view} />
      <StoreCloseExceptions view={view} ids={ids} onMarkOff={form.markOffCounter} />
      <StoreCloseArrived view={view} ids={ids} />
      <StoreCloseFreshness content={content} ids={ids} />
      <StoreCloseCounters content={content} ids={ids} />
      <StoreCloseFigures content={content} ids={ids} />
      <StoreClosePaper view={view} print={print} />
      {view.stored ? null : <StoreCloseForm view={view} form={form} check={check} ids={ids} />}
      <StoreCloseAnswer view={view} form={form} check={check} />
    </section>
  );
}
