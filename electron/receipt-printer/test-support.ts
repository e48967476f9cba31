// A receipt printer for tests: a TCP server on 127.0.0.1 (random port) that takes what Mostrador
// sends and decodes the ESC/POS it understands, or misbehaves as real printers do.
import { createServer, type Server, type Socket } from 'node:net';
import { CP850_HIGH } from '../../shared/receipt/code-page';

export type Behaviour =
  /** Answers the paper status request ("paper present") and takes the job. */
  | 'print'
  /** Takes the job without answering status requests, as some printers are set up. */
  | 'print-no-status'
  /** Answers the paper status request with "paper end". */
  | 'paper-out'
  /** Resets the connection after the first bytes of the job. */
  | 'close-mid-job'
  /** Accepts, then never reads nor answers. */
  | 'silent'
  /** Accepts and closes the connection at once (FIN), before anything is sent. */
  | 'close-at-once'
  /** Accepts and resets the connection at once (RST). */
  | 'reset-at-once';

export type Decoded = {
  initialized: boolean;
  /** ESC t arguments, in order. */
  codePages: number[];
  statusRequests: number;
  cuts: number;
  /** Text lines; bold lines are marked with `boldLines`. */
  lines: string[];
  boldLines: Set<number>;
};

export function decodeEscPos(bytes: Uint8Array): Decoded {
  const out: Decoded = {
    initialized: false,
    codePages: [],
    statusRequests: 0,
    cuts: 0,
    lines: [],
    boldLines: new Set(),
  };
  let line = '';
  let bold = false;
  let lineBold = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    const next = bytes[i + 1];
    if (b === 0x1b && next === 0x40) {
      out.initialized = true;
      i += 1;
    } else if (b === 0x1b && next === 0x74) {
      out.codePages.push(bytes[i + 2] ?? -1);
      i += 2;
    } else if (b === 0x1b && next === 0x45) {
      bold = (bytes[i + 2] ?? 0) === 1;
      if (bold) lineBold = true;
      i += 2;
    } else if (b === 0x1b && next === 0x4d) i += 2;
    else if (b === 0x1c && next === 0x2e) i += 1;
    else if (b === 0x10 && next === 0x04) {
      out.statusRequests += 1;
      i += 2;
    } else if (b === 0x1d && next === 0x56) {
      out.cuts += 1;
      // GS V m (m = 0/1/48/49), or GS V m n (m = 65/66).
      i += (bytes[i + 2] ?? 0) >= 65 ? 3 : 2;
    } else if (b === 0x0a) {
      if (lineBold) out.boldLines.add(out.lines.length);
      out.lines.push(line);
      line = '';
      lineBold = bold;
    } else if (b === 0x0d) {
      // carriage return: nothing to record
    } else if (b >= 0x80) line += CP850_HIGH[b - 0x80];
    else if (b >= 0x20) line += String.fromCharCode(b);
    else throw new Error(`unexpected control byte 0x${b.toString(16)} at ${i}`);
  }
  if (line) out.lines.push(line);
  return out;
}

export type Receiver = {
  address: string;
  port: number;
  nextJob(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export async function startReceiver(behaviour: Behaviour = 'print'): Promise<Receiver> {
  const jobs: Uint8Array[] = [];
  const waiting: Array<(job: Uint8Array) => void> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (behaviour === 'silent') {
      socket.pause();
      return;
    }
    if (behaviour === 'close-at-once') {
      socket.end();
      return;
    }
    if (behaviour === 'reset-at-once') {
      socket.resetAndDestroy();
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (chunk.includes(Buffer.from([0x10, 0x04, 0x04]))) {
        if (behaviour === 'paper-out') socket.write(Uint8Array.of(0x72));
        if (behaviour === 'print') socket.write(Uint8Array.of(0x12));
      }
      if (behaviour === 'close-mid-job' && received > 3) socket.resetAndDestroy();
    });
    socket.on('end', () => {
      const job = new Uint8Array(Buffer.concat(chunks));
      const waiter = waiting.shift();
      if (waiter) waiter(job);
      else jobs.push(job);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Stops by itself even if a test forgets to close it.
  server.unref();
  return {
    address: `tcp://127.0.0.1:${port}`,
    port,
    nextJob: () =>
      new Promise((resolve) => {
        const done = jobs.shift();
        if (done) resolve(done);
        else waiting.push(resolve);
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: opened and closed again. */
export async function closedPortAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `tcp://127.0.0.1:${port}`;
}
