// How a kept service fragment is answered, by both shells (browser mode's server and Electron's
// app:// protocol): its own policy lets its inline <style> (and data: images and fonts) apply,
// runs no script, loads nothing from anywhere, and may be framed only by the app itself.
import type { FragmentStore } from '../ipc/handlers/fragment-store';
import { FRAGMENT_PREFIX } from '../ipc/handlers/fragment-store';

export const FRAGMENT_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "script-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

export const FRAGMENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': FRAGMENT_POLICY,
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Content-Type': 'text/html; charset=utf-8',
};

/** The fragment for a request path (`/fragment/<id>`), null when the path is not one. */
export function fragmentFor(
  store: FragmentStore | undefined,
  pathname: string,
): { found: string | undefined } | null {
  const prefix = `/${FRAGMENT_PREFIX}`;
  if (!pathname.startsWith(prefix)) return null;
  return { found: store?.get(pathname.slice(prefix.length)) };
}
