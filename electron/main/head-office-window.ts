// The head-office page in the desktop app (docs/head-office.md "How to start it"): a window of
// its own, locked down like the main one (secureWebPreferences; the app's hardening applies to
// every web contents), on the app's own origin, talking to the same bridge. One at a time: the
// menu item again brings it to the front.
import type { BrowserWindow as ElectronBrowserWindow } from 'electron';
import { APP_ORIGIN, secureWebPreferences } from './policies';

/** The page the window loads (built beside index.html: renderer/head-office.html). */
export const HEAD_OFFICE_ENTRY = `${APP_ORIGIN}/head-office.html`;

type WindowClass = new (
  options: ConstructorParameters<typeof ElectronBrowserWindow>[0],
) => Pick<
  ElectronBrowserWindow,
  'loadURL' | 'focus' | 'show' | 'once' | 'on' | 'isDestroyed' | 'isMinimized' | 'restore'
>;

export function headOfficeWindow(BrowserWindow: WindowClass, preloadPath: string) {
  let open: InstanceType<WindowClass> | null = null;
  return async function show(title: string): Promise<void> {
    if (open && !open.isDestroyed()) {
      if (open.isMinimized()) open.restore();
      open.focus();
      return;
    }
    const window = new BrowserWindow({
      width: 1366,
      height: 860,
      minWidth: 960,
      minHeight: 640,
      show: false,
      title,
      backgroundColor: '#f3f4f7',
      webPreferences: secureWebPreferences(preloadPath),
    });
    open = window;
    window.on('closed', () => {
      if (open === window) open = null;
    });
    window.once('ready-to-show', () => window.show());
    await window.loadURL(HEAD_OFFICE_ENTRY);
  };
}
