// The cold-start yardstick's server: plain node:http serving one built folder on loopback and
// announcing itself the way browser mode does (`{"url":…}`), with nothing else to start.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const dir = process.argv[2] ?? '.';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const server = createServer((request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const file = normalize(join(dir, pathname === '/' ? 'index.html' : pathname));
  if (!file.startsWith(normalize(dir))) {
    response.writeHead(403).end();
    return;
  }
  readFile(file).then(
    (body) => {
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    },
    () => response.writeHead(404).end(),
  );
});
server.listen({ port: 0, host: '127.0.0.1' }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
