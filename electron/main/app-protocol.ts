// Serves the built renderer at app://mostrador/ from its folder, with the CSP on every answer:
// a privileged standard scheme gives the page a real origin (unlike file://) so 'self' means
// exactly the app's own files.
import { readFile } from 'node:fs/promises';
import type { FragmentStore } from '../ipc/handlers/fragment-store';
import { FRAGMENT_HEADERS, fragmentFor } from '../web/fragment-page';
import { CONTENT_SECURITY_POLICY, contentTypeOf, resolveAppPath } from './policies';

export function createAppRequestHandler(
  root: string,
  sep: string,
  /** The backend's fragment store once it is open (the protocol is registered before). */
  fragments: () => FragmentStore | undefined = () => undefined,
) {
  return async (request: { url: string }): Promise<Response> => {
    const fragment = fragmentFor(fragments(), new URL(request.url).pathname);
    if (fragment) {
      return fragment.found === undefined
        ? new Response('Not found', { status: 404, headers: FRAGMENT_HEADERS })
        : new Response(fragment.found, { status: 200, headers: FRAGMENT_HEADERS });
    }
    const path = resolveAppPath(request.url, root, sep);
    const headers = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    };
    if (!path) return new Response('Not found', { status: 404, headers });
    try {
      const body = await readFile(path);
      return new Response(body, {
        status: 200,
        headers: { ...headers, 'Content-Type': contentTypeOf(path) },
      });
    } catch {
      return new Response('Not found', { status: 404, headers });
    }
  };
}
