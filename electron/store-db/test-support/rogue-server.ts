// A fake PostgreSQL on 127.0.0.1 that lets any login in and answers every query with more than
// any counter should take: `rows` DataRows of `rowBytes` bytes each (the 400 × 12 MB).
// It speaks just enough of the wire protocol for node-postgres: startup → AuthenticationOk,
// ReadyForQuery; a simple Query, or an extended Parse/Bind/Describe/Execute/Sync, → RowDescription,
// the rows, CommandComplete, ReadyForQuery. It writes with backpressure and stops the moment the
// client goes, and counts what it managed to write (docs/decisions.md "A store database answer is
// bounded (issue 26, item 4)").
import { createServer, type Socket } from 'node:net';

export type RogueServer = {
  url: string;
  /** Bytes written to all clients so far (startup answers included). */
  bytesWritten(): number;
  /** Queries (simple or synced extended) it has started to answer. */
  queries(): number;
  close(): Promise<void>;
};

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const AUTH_OK = message('R', Buffer.from([0, 0, 0, 0]));
const READY = message('Z', Buffer.from('I'));
const PARSE_COMPLETE = message('1', Buffer.alloc(0));
const BIND_COMPLETE = message('2', Buffer.alloc(0));

function rowDescription(): Buffer {
  const name = Buffer.from('x\0');
  const field = Buffer.alloc(18);
  field.writeInt32BE(0, 0); // table oid
  field.writeInt16BE(0, 4); // column
  field.writeInt32BE(25, 6); // text
  field.writeInt16BE(-1, 10);
  field.writeInt32BE(-1, 12);
  field.writeInt16BE(0, 16); // text format
  return message('T', Buffer.concat([Buffer.from([0, 1]), name, field]));
}

function dataRowHead(bytes: number): Buffer {
  const head = Buffer.alloc(11);
  head.write('D', 0, 'latin1');
  head.writeInt32BE(4 + 2 + 4 + bytes, 1);
  head.writeInt16BE(1, 5);
  head.writeInt32BE(bytes, 7);
  return head;
}

export async function startRogueServer(
  answer: { rows: number; rowBytes: number } = { rows: 400, rowBytes: 12 * 1024 * 1024 },
): Promise<RogueServer> {
  const sockets = new Set<Socket>();
  const payload = Buffer.alloc(answer.rowBytes, 0x78);
  const head = dataRowHead(answer.rowBytes);
  let written = 0;
  let queries = 0;

  const send = (socket: Socket, data: Buffer): Promise<boolean> => {
    if (socket.destroyed || !socket.writable) return Promise.resolve(false);
    written += data.length;
    if (socket.write(data)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        socket.off('drain', onDrain);
        socket.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      socket.on('drain', onDrain);
      socket.on('close', onClose);
    });
  };

  const flood = async (socket: Socket, extended: boolean) => {
    queries += 1;
    if (extended && !(await send(socket, Buffer.concat([PARSE_COMPLETE, BIND_COMPLETE])))) return;
    if (!(await send(socket, rowDescription()))) return;
    for (let i = 0; i < answer.rows; i += 1) {
      if (!(await send(socket, head))) return;
      if (!(await send(socket, payload))) return;
    }
    const done = message('C', Buffer.from(`SELECT ${answer.rows}\0`));
    await send(socket, Buffer.concat([done, READY]));
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    let started = false;
    let extended = false;
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 4) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          buffered = buffered.subarray(length);
          started = true;
          void send(socket, Buffer.concat([AUTH_OK, READY]));
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        buffered = buffered.subarray(length + 1);
        if (type === 'Q') void flood(socket, false);
        else if (type === 'P') extended = true;
        else if (type === 'S' && extended) {
          extended = false;
          void flood(socket, true);
        } else if (type === 'X') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `postgres://caja:pw@127.0.0.1:${port}/store`,
    bytesWritten: () => written,
    queries: () => queries,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
