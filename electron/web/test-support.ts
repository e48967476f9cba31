// Shared by the web tests: a stand-in for the built renderer and raw HTTP requests (fetch will
// not let a test set Host, nor send a path with `..` in it).
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';

export const INDEX_HTML = `<!doctype html>
<html lang="es-PE">
  <head>
    <meta charset="utf-8" />
    <title>Mostrador</title>
    <script type="module" crossorigin src="./assets/app.js"></script>
    <link rel="stylesheet" href="./assets/style.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

export async function writeRendererFixture(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log("app");\n');
  await writeFile(join(dir, 'assets', 'style.css'), 'body { margin: 0; }\n');
  await writeFile(join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export function raw(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [
                k,
                Array.isArray(v) ? v.join(', ') : String(v),
              ]),
            ),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Opens the page's session as a browser does: the launch URL's one-time key exchanged for the
 * session cookie. Returns the cookie's `name=value`, for a `Cookie` header.
 */
export async function openSession(server: { port: number; launchUrl: string }): Promise<string> {
  const { pathname, search } = new URL(server.launchUrl);
  const answer = await raw(server.port, { path: `${pathname}${search}` });
  const cookie = answer.headers['set-cookie']?.split('; ')[0];
  if (answer.status !== 303 || !cookie) throw new Error(`no session: ${answer.status}`);
  return cookie;
}
