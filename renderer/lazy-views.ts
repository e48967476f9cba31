// The screens a cashier does not need to start selling (supervisor and trainer screens, online
// orders) and the print views load on demand, so a terminal's start reads only the counter's
// own screens (renderer_js_gz in `npm run bench`, docs/decisions.md "Speed and size (issue 14)").
// Once the first screen is up they are fetched while the page is idle, so an F-key pressed
// later finds its screen already loaded.
import { lazy } from 'react';

const loaders = {
  summary: () => import('./screens/day-summary-screen').then((m) => m.DaySummaryScreen),
  training: () => import('./screens/training-screen').then((m) => m.TrainingScreen),
  settings: () => import('./screens/settings-screen').then((m) => m.SettingsScreen),
  orders: () => import('./screens/orders-screen').then((m) => m.OrdersScreen),
  daySummaryPrint: () => import('./print/day-summary-print').then((m) => m.DaySummaryPrint),
  recordPrint: () => import('./print/record-print').then((m) => m.RecordPrint),
};

export const DaySummaryScreen = lazy(async () => ({ default: await loaders.summary() }));
export const TrainingScreen = lazy(async () => ({ default: await loaders.training() }));
export const SettingsScreen = lazy(async () => ({ default: await loaders.settings() }));
export const OrdersScreen = lazy(async () => ({ default: await loaders.orders() }));
export const DaySummaryPrint = lazy(async () => ({ default: await loaders.daySummaryPrint() }));
export const RecordPrint = lazy(async () => ({ default: await loaders.recordPrint() }));

/**
 * Fetches every deferred view soon after the first screen is up (idle, or within half a second
 * at most), so an F-key pressed early rarely waits. A failed fetch is ignored here; the view that
 * needs it shows view-error-boundary.tsx, which offers a reload (React.lazy keeps a failure).
 */
let preloading = false;
export function preloadLazyViews(): void {
  if (preloading) return;
  preloading = true;
  const load = () => {
    for (const loader of Object.values(loaders)) void loader().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 500 });
  else setTimeout(load, 200);
}
