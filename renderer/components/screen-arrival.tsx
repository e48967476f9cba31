// Focus on a screen's arrival. Rendered after the screen inside the same Suspense boundary, so
// its effect runs once the screen has really mounted, also when the screen's code came later
// than its F-key (renderer/lazy-views.ts). A screen that focused a field of its own keeps it:
// the screen's effects run before this one.
import { useEffect } from 'react';
import type { ScreenName } from '../logic/routes';

/** Gives the screen's heading focus when nothing in it took focus, never the page body. */
export function ScreenArrival({ screen }: { screen: ScreenName }) {
  useEffect(() => {
    if (!screen) return;
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('.nav')) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [screen]);
  return null;
}
