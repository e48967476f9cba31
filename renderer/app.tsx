import { type ComponentType, Suspense, useEffect, useLayoutEffect } from 'react';
import { call } from './bridge/call';
import { AppShell } from './components/app-shell';
import { listenForFunctionKeys } from './components/function-keys';
import { GuidancePanel } from './components/guidance-panel';
import { ScreenArrival } from './components/screen-arrival';
import { navigate, useHashRoute } from './components/use-hash-route';
import { ViewErrorBoundary } from './components/view-error-boundary';
import { useT } from './i18n/use-t';
import {
  DaySummaryPrint,
  DaySummaryScreen,
  preloadLazyViews,
  RecordPrint,
  SettingsScreen,
  TrainingScreen,
} from './lazy-views';
import { type ScreenName, screenHash } from './logic/routes';
import { AttentionScreen } from './screens/attention-screen';
import { CheckScreen } from './screens/check-screen';
import { OrdersScreen } from './screens/orders-screen';
import { PinSetupScreen } from './screens/pin-setup-screen';
import { SaleScreen } from './screens/sale-screen';
import { ShiftStartScreen } from './screens/shift-start-screen';
import { UndoScreen } from './screens/undo-screen';
import { resetAllFlows } from './stores/reset-flows';
import { useSettingsStore } from './stores/settings-store';

const SCREENS: Record<ScreenName, ComponentType> = {
  sale: SaleScreen,
  check: CheckScreen,
  undo: UndoScreen,
  summary: DaySummaryScreen,
  training: TrainingScreen,
  settings: SettingsScreen,
  orders: OrdersScreen,
};

/**
 * First run asks for the supervisor PIN, then the cashier's id; only then the screens. Print
 * views stand alone (no navigation), as they are what the printer receives.
 */
export function App() {
  const t = useT();
  const route = useHashRoute();
  const { settings, loadError, attention, appInfo, load, replace } = useSettingsStore();

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (settings) preloadLazyViews();
  }, [settings]);
  // While the settings load (right after a start or a reload) there is no shell yet: an F-key
  // pressed then still chooses the screen that opens, instead of being lost while what is typed
  // next lands in the screen the page was on.
  useEffect(
    () => (settings || loadError || attention ? undefined : listenForFunctionKeys()),
    [settings, loadError, attention],
  );
  // A new screen starts at its top: the page keeps one scroll offset for every hash route, and a
  // screen opened from a scrolled one would hide the F-key bar and push its first step down.
  // Before paint and before any effect of the screen, so a field it focuses stays in view.
  useLayoutEffect(() => {
    if (route.name) window.scrollTo(0, 0);
  }, [route.name]);

  const language = settings?.language ?? 'es-PE';
  const training = settings?.mode === 'training';
  useEffect(() => {
    if (attention) return; // the attention screen names the page itself
    document.documentElement.lang = language;
    document.title = `${training ? `${t('training.titlePrefix')} · ` : ''}Mostrador`;
  }, [language, training, t, attention]);

  const home = settings?.api_generation === 'v2' ? 'check' : 'sale';
  useEffect(() => {
    if (route.name === 'home' && settings) navigate(screenHash(home));
  }, [route.name, settings, home]);

  // Before anything else, print views included: nothing works until a technician has been.
  if (attention) return <AttentionScreen reason={attention} appInfo={appInfo} />;
  if (loadError) {
    return (
      <AppShell current={null}>
        <h1>Mostrador</h1>
        <GuidancePanel guidance={loadError}>
          <button type="button" className="button button--primary" onClick={() => void load()}>
            {t('action.retry')}
          </button>
        </GuidancePanel>
      </AppShell>
    );
  }
  const loading = (
    <main className="loading">
      <p role="status">{t('common.loading')}</p>
    </main>
  );
  if (!settings) return loading;
  if (route.name === 'print-day-summary')
    return (
      <ViewErrorBoundary screen={route.name}>
        <Suspense fallback={loading}>
          <DaySummaryPrint day={route.day} layout={route.layout} auto={route.auto} />
        </Suspense>
      </ViewErrorBoundary>
    );
  if (route.name === 'print-record')
    return (
      <ViewErrorBoundary screen={route.name}>
        <Suspense fallback={loading}>
          <RecordPrint
            record={route.record}
            opId={route.opId}
            layout={route.layout}
            auto={route.auto}
          />
        </Suspense>
      </ViewErrorBoundary>
    );

  if (!settings.supervisor_pin_set) {
    return (
      <AppShell current={null}>
        <PinSetupScreen />
      </AppShell>
    );
  }
  if (!settings.cashier_id) {
    return (
      <AppShell current={null}>
        <ShiftStartScreen />
      </AppShell>
    );
  }
  const screen: ScreenName = route.name === 'home' ? home : route.name;
  const Screen = SCREENS[screen];
  return (
    <AppShell
      current={screen}
      onEndShift={async () => {
        const answer = await call('shift.end', {});
        if (!answer.ok) return;
        resetAllFlows(answer.result.api_generation);
        replace(answer.result);
      }}
    >
      <ViewErrorBoundary screen={screen}>
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <Screen key={screen} />
          <ScreenArrival screen={screen} />
        </Suspense>
      </ViewErrorBoundary>
    </AppShell>
  );
}
