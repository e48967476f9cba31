// The supervisor's and trainer's screens (day summary, settings, training) and the print views
// load on demand, so a terminal's start reads only the counter's own screens (F2, F3, F4, F9):
// renderer_js_gz in `npm run bench`, docs/decisions.md "Speed and size (issue 14)". Once the
// first screen is up they are fetched in the background, and a view whose code is in renders
// at once, in the same commit as its F-key: no loading gap that would drop what the supervisor
// types next (React.lazy suspends on a view's first display even when its code is loaded).
import { type ComponentType, createElement, use } from 'react';
import type { AskElsewhere as AskElsewhereView } from './components/ask-elsewhere';
import { loadSupervisorTexts } from './i18n/translate';
import type { DaySummaryPrint as DaySummaryPrintView } from './print/day-summary-print';
import type { RecordPrint as RecordPrintView } from './print/record-print';

type DaySummaryPrintProps = Parameters<typeof DaySummaryPrintView>[0];
type RecordPrintProps = Parameters<typeof RecordPrintView>[0];
type AskElsewhereProps = Parameters<typeof AskElsewhereView>[0];

/** A view's code, loaded once: what `Deferred` renders, and what the background fetch starts. */
type View<P> = {
  load: () => Promise<ComponentType<P>>;
  loaded: ComponentType<P> | null;
  failure: { error: unknown } | null;
  pending: Promise<void> | null;
};

const view = <P>(load: () => Promise<ComponentType<P>>): View<P> => ({
  load,
  loaded: null,
  failure: null,
  pending: null,
});

function preload<P>(v: View<P>): Promise<void> {
  v.pending ??= v.load().then(
    (component) => {
      v.loaded = component;
    },
    (error: unknown) => {
      v.failure = { error };
    },
  );
  return v.pending;
}

/**
 * The view, at once when its code is in. Until then it suspends (the Suspense fallback shows); a
 * failed load is thrown to the view's error boundary (view-error-boundary.tsx), which offers a
 * reload: a module that failed to load is not fetched again by the page.
 */
function Deferred<P extends object>({ of, props }: { of: View<P>; props: P }) {
  if (of.loaded) return createElement(of.loaded, props);
  if (of.failure) throw of.failure.error;
  use(preload(of));
  return of.loaded ? createElement(of.loaded, props) : null;
}

/**
 * A supervisor's or trainer's view with its Spanish texts (the day summary and store close,
 * settings and the store database, training: i18n/supervisor-texts.ts), which are not in the
 * first chunk either; the view renders once both are in.
 */
const withTexts = <P>(load: () => Promise<ComponentType<P>>) =>
  view(() => Promise.all([load(), loadSupervisorTexts()]).then(([component]) => component));

const summary = withTexts(() =>
  import('./screens/day-summary-screen').then((m) => m.DaySummaryScreen),
);
const training = withTexts(() => import('./screens/training-screen').then((m) => m.TrainingScreen));
const settings = withTexts(() => import('./screens/settings-screen').then((m) => m.SettingsScreen));
const daySummaryPrint = withTexts<DaySummaryPrintProps>(() =>
  import('./print/day-summary-print').then((m) => m.DaySummaryPrint),
);
const recordPrint = withTexts<RecordPrintProps>(() =>
  import('./print/record-print').then((m) => m.RecordPrint),
);

export const DaySummaryScreen = () => createElement(Deferred, { of: summary, props: {} });
export const TrainingScreen = () => createElement(Deferred, { of: training, props: {} });
export const SettingsScreen = () => createElement(Deferred, { of: settings, props: {} });
export const DaySummaryPrint = (props: DaySummaryPrintProps) =>
  createElement(Deferred<DaySummaryPrintProps>, { of: daySummaryPrint, props });
export const RecordPrint = (props: RecordPrintProps) =>
  createElement(Deferred<RecordPrintProps>, { of: recordPrint, props });

// The question asked before any amount when another counter is silent (issue 27 item 2): rare,
// so it and its texts come after the first screen, fetched in the background like the views
// above; until they are in, the sale shows neither the amount nor the collect action.
const askElsewhere = withTexts<AskElsewhereProps>(() =>
  import('./components/ask-elsewhere').then((m) => m.AskElsewhere),
);
export const AskElsewhere = (props: AskElsewhereProps) =>
  createElement(Deferred<AskElsewhereProps>, { of: askElsewhere, props });

const PRELOADS = [
  () => preload(askElsewhere),
  () => preload(summary),
  () => preload(training),
  () => preload(settings),
  () => preload(daySummaryPrint),
  () => preload(recordPrint),
];

let preloading = false;
/** Fetches every deferred view soon after the first screen is up (idle, or within 500 ms). */
export function preloadLazyViews(): void {
  if (preloading) return;
  preloading = true;
  const load = () => {
    // Marked on the page once every view's code is in (for the e2e tests and anyone debugging).
    void Promise.all(PRELOADS.map((start) => start())).then(() => {
      document.documentElement.dataset.viewsLoaded = '';
    });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 500 });
  else setTimeout(load, 200);
}
