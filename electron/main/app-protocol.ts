// Serves the built renderer at app://mostrador/ from its folder, with the CSP on every answer:
// a privileged standard scheme gives the page a real origin (unlike file://) so 'self' means
// exactly the app's own files.
import { readFile } from 'node:fs/promises';
import { CONTENT_SECURITY_POLICY, contentTypeOf, resolveAppPath } from './policies';

export function createAppRequestHandler(root: string, sep: string) {
  return async (request: { url: string }): Promise<Response> => {
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
