// F-keys open the screens, as on the counter's other systems; they are printed on the buttons so
// nobody has to remember them. F1 (help) and F5 (reload) are left to the browser.
import type { MessageKey } from '../i18n/catalogue';
import { type ScreenName, screenHash } from '../logic/routes';
import { navigate } from './use-hash-route';

/**
 * `short`: the label on narrow windows (1024 px wide counters), so the bar stays one row; it is
 * the start of the full label, which stays the link's title.
 */
export type NavEntry = { screen: ScreenName; key: string; label: MessageKey; short?: MessageKey };

export const NAV_ENTRIES: readonly NavEntry[] = [
  { screen: 'sale', key: 'F2', label: 'nav.sale' },
  { screen: 'check', key: 'F3', label: 'nav.check' },
  { screen: 'undo', key: 'F4', label: 'nav.undo', short: 'nav.undoShort' },
  { screen: 'summary', key: 'F6', label: 'nav.summary', short: 'nav.summaryShort' },
  { screen: 'training', key: 'F7', label: 'nav.training' },
  { screen: 'settings', key: 'F8', label: 'nav.settings', short: 'nav.settingsShort' },
  { screen: 'orders', key: 'F9', label: 'nav.orders' },
];

export function screenForKey(key: string): ScreenName | null {
  return NAV_ENTRIES.find((entry) => entry.key === key)?.screen ?? null;
}

/**
 * Listens for the F-keys on the whole window (even inside a field) until the returned function
 * is called: an F-key opens its screen, other keys pass.
 */
export function listenForFunctionKeys(): () => void {
  const onKey = (event: KeyboardEvent) => {
    const screen = screenForKey(event.key);
    if (screen && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      navigate(screenHash(screen));
    }
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
