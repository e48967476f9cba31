// The terminal's settings as the main process reports them: the mode (training colours every
// screen), the cashier on shift, the language. The renderer never edits them locally; every
// change goes through the bridge and the answer replaces this copy.
import { create } from 'zustand';
import type { AppInfo, AttentionReason, Settings } from '../../shared/bridge';
import { call } from '../bridge/call';
import { catalogueLoaded, loadCatalogue } from '../i18n/translate';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';

type SettingsState = {
  settings: Settings | null;
  appInfo: AppInfo | null;
  loadError: Guidance | null;
  /** Set when the terminal needs attention: the bridge refuses all but app.info (issue 19). */
  attention: AttentionReason | null;
  load: () => Promise<void>;
  /** Resolves once the settings show (their language's words loaded). */
  replace: (settings: Settings) => Promise<void>;
};

export const useSettingsStore = create<SettingsState>((set) => {
  let latest = 0;
  /**
   * Applies settings once their language's catalogue is loaded (at once when it already is), so
   * no screen or printout shows the wrong language first. The latest settings win.
   */
  async function apply(settings: Settings, update: () => void) {
    const mine = ++latest;
    if (!catalogueLoaded(settings.language)) {
      // A failed load leaves Spanish on screen (translate's fallback); the settings still apply.
      await loadCatalogue(settings.language).catch(() => undefined);
    }
    if (mine === latest) update();
  }

  return {
    settings: null,
    appInfo: null,
    loadError: null,
    attention: null,
    load: async () => {
      const [settings, info] = await Promise.all([call('settings.get', {}), call('app.info', {})]);
      if (!settings.ok && settings.error.code === 'needs-attention') {
        set({
          attention: settings.error.attention ?? 'start-failed',
          appInfo: info.ok ? info.result : null,
        });
        return;
      }
      if (!settings.ok) {
        set({ loadError: guidanceForBridgeError('other', settings.error, settings.lost) });
        return;
      }
      const appInfo = info.ok ? info.result : null;
      await apply(settings.result, () =>
        set({ settings: settings.result, appInfo, loadError: null }),
      );
    },
    replace: (settings) => apply(settings, () => set({ settings })),
  };
});

export const useLanguage = () => useSettingsStore((s) => s.settings?.language ?? 'es-PE');
export const useIsTraining = () => useSettingsStore((s) => s.settings?.mode === 'training');
export const useTimeZone = () => useSettingsStore((s) => s.settings?.time_zone ?? 'America/Lima');

/**
 * The receipt paper's width, named as the supervisor chose it in Settings: 32 columns is a 58 mm
 * roll, 42 and 48 are 80 mm; without a receipt printer the print views lay out 80 mm.
 */
export const useReceiptWidth = () =>
  useSettingsStore((s) => (s.settings?.receipt_printer?.columns === 32 ? '58 mm' : '80 mm'));
