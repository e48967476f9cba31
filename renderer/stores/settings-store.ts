// The terminal's settings as the main process reports them: the mode (training colours every
// screen), the cashier on shift, the language. The renderer never edits them locally; every
// change goes through the bridge and the answer replaces this copy.
import { create } from 'zustand';
import type { AppInfo, Settings } from '../../shared/bridge';
import { call } from '../bridge/call';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';

type SettingsState = {
  settings: Settings | null;
  appInfo: AppInfo | null;
  loadError: Guidance | null;
  load: () => Promise<void>;
  replace: (settings: Settings) => void;
};

export const useSettingsStore = create<SettingsState>((set) => ({
  settings: null,
  appInfo: null,
  loadError: null,
  load: async () => {
    const [settings, info] = await Promise.all([call('settings.get', {}), call('app.info', {})]);
    if (!settings.ok) {
      set({ loadError: guidanceForBridgeError('other', settings.error, settings.lost) });
      return;
    }
    set({ settings: settings.result, appInfo: info.ok ? info.result : null, loadError: null });
  },
  replace: (settings) => set({ settings }),
}));

export const useLanguage = () => useSettingsStore((s) => s.settings?.language ?? 'es-PE');
export const useIsTraining = () => useSettingsStore((s) => s.settings?.mode === 'training');
