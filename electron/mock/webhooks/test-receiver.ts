// A real webhook receiver for tests: node:http on 127.0.0.1, port 0, recording every request
// and answering as the test scripts it (status per attempt, a redirect, or no answer at all).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** What to answer the n-th request (0-based): a status (with headers), or never answer. */
export type Script = (n: number) => { status: number; headers?: Record<string, string> } | 'hang';

export type Receiver = {
  url: (path?: string) => string;
  received: Received[];
  close(): Promise<void>;
};

export async function startReceiver(script: Script = () => ({ status: 204 })): Promise<Receiver> {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = received.length;
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = script(n);
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
