// The built renderer (dist/renderer) as static files: correct content types, no path escaping
// the folder, and index.html for any route of the single-page app. Nothing served here holds the
// bridge secret: any local process can fetch it (the secret travels in the launch URL only).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticAnswer =
  | { kind: 'file'; body: Buffer; contentType: string; isIndex: boolean }
  | { kind: 'not-found' }
  | { kind: 'not-built' };

/**
 * `indexFile`: the page `/` (and `/index.html`, and any route of the app) serves: the counter's
 * `index.html`, or head office's own page (`npm run head-office`, docs/head-office.md).
 */
export function createStaticFiles(rootDir: string | null, indexFile = 'index.html') {
  const root = rootDir === null ? null : resolve(rootDir);

  const readIndex = async (): Promise<StaticAnswer> => {
    if (root === null) return { kind: 'not-built' };
    try {
      const html = await readFile(join(root, indexFile), 'utf8');
      return {
        kind: 'file',
        body: Buffer.from(html, 'utf8'),
        contentType: CONTENT_TYPES['.html'] ?? 'text/html',
        isIndex: true,
      };
    } catch {
      return { kind: 'not-built' };
    }
  };

  return async function serve(pathname: string): Promise<StaticAnswer> {
    if (root === null) return { kind: 'not-built' };
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return { kind: 'not-found' };
    }
    if (decoded.includes('\0')) return { kind: 'not-found' };
    if (decoded === '/' || decoded === '/index.html' || decoded === `/${indexFile}`) {
      return readIndex();
    }
    const target = resolve(root, `.${decoded}`);
    // Anything resolving outside the folder (../, encoded or not) is simply not there.
    if (!target.startsWith(root + sep)) return { kind: 'not-found' };
    try {
      const info = await stat(target);
      if (info.isFile()) {
        return {
          kind: 'file',
          body: await readFile(target),
          contentType: contentTypeOf(target),
          isIndex: false,
        };
      }
    } catch {
      // Falls through: a route of the app, or a missing asset.
    }
    // Routes of the app have no extension; a missing asset is a 404, not the page.
    return extname(decoded) === '' ? readIndex() : { kind: 'not-found' };
  };
}
