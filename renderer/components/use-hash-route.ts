import { useSyncExternalStore } from 'react';
import { parseRoute, type Route } from '../logic/routes';

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current hash route; re-renders on every hash change. */
export function useHashRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}

export function navigate(hash: string): void {
  if (window.location.hash !== hash) window.location.hash = hash;
}
