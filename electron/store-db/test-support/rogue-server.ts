// A fake PostgreSQL on 127.0.0.1: a hostile or broken server, or a machine in the middle posing
// as the store's. It speaks just enough of the wire protocol for node-postgres: an SSLRequest
// (answered 'N', or 'S' and TLS under the given certificate), the startup, then AuthenticationOk
// or a request for the password (in clear, or MD5 with a salt), whose answer it takes whatever it
// is; then each simple Query, or extended Parse/Bind/Describe/Execute/Sync, is answered with more
// than any counter should take (`rows` DataRows of `rowBytes` bytes: the 400 × 12 MB,
// docs/decisions.md "A store database answer is bounded (issue 26, item 4)"), or with the error a
// database without Mostrador's tables gives. It writes with backpressure, stops the moment the
// client goes, counts what it wrote and keeps every byte a client sent (after TLS), so a test can
// assert that no password reached it (docs/decisions.md "No password in clear (issue 34, item 4)").
import { createServer, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';

export type RogueServerOptions = {
  /** Each query's answer: rows of that size, or 42P01 (a database with no Mostrador tables). */
  answer?: { rows: number; rowBytes: number } | 'undefined-table';
  /** After the startup: let in with no password, or ask for it in clear text, or as MD5. */
  auth?: 'none' | 'cleartext' | 'md5';
  /** Take an SSLRequest and speak TLS with this certificate; without, say no TLS ('N'). */
  tls?: { key: string; cert: string };
  /** The login the URL carries. */
  user?: string;
  password?: string;
};

export type RogueServer = {
  url: string;
  port: number;
  /** Bytes written to all clients so far (startup answers included). */
  bytesWritten(): number;
  /** Queries (simple or synced extended) it has started to answer. */
  queries(): number;
  /** Every byte the clients sent, after TLS, startup messages included. */
  received(): Buffer;
  /** The type of each message the clients sent after their startup (`p`: a password's answer). */
  messages(): string[];
  /** SSLRequests received, and how many of them went on in TLS. */
  sslRequests(): number;
  tlsLinks(): number;
  close(): Promise<void>;
};

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value, 0);
  return b;
};

const AUTH_OK = message('R', int32(0));
const ASK_CLEARTEXT = message('R', int32(3));
const ASK_MD5 = message('R', Buffer.concat([int32(5), Buffer.from([0x11, 0x22, 0x33, 0x44])]));
const READY = message('Z', Buffer.from('I'));
const PARSE_COMPLETE = message('1', Buffer.alloc(0));
const BIND_COMPLETE = message('2', Buffer.alloc(0));
const UNDEFINED_TABLE = message(
  'E',
  Buffer.from('SERROR\0VERROR\0C42P01\0Mrelation "store_db_migrations" does not exist\0\0'),
);
/** SSLRequest's and GSSENCRequest's codes, in place of a protocol version. */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

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

export async function startRogueServer(options: RogueServerOptions = {}): Promise<RogueServer> {
  const answer = options.answer ?? { rows: 400, rowBytes: 12 * 1024 * 1024 };
  const auth = options.auth ?? 'none';
  const sockets = new Set<Socket>();
  const flood =
    answer === 'undefined-table'
      ? null
      : {
          rows: answer.rows,
          payload: Buffer.alloc(answer.rowBytes, 0x78),
          head: dataRowHead(answer.rowBytes),
        };
  let written = 0;
  let queries = 0;
  let sslRequests = 0;
  let tlsLinks = 0;
  const received: Buffer[] = [];
  const types: string[] = [];

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

  const answerQuery = async (socket: Socket, extended: boolean) => {
    queries += 1;
    if (flood === null) {
      await send(socket, Buffer.concat([UNDEFINED_TABLE, READY]));
      return;
    }
    if (extended && !(await send(socket, Buffer.concat([PARSE_COMPLETE, BIND_COMPLETE])))) return;
    if (!(await send(socket, rowDescription()))) return;
    for (let i = 0; i < flood.rows; i += 1) {
      if (!(await send(socket, flood.head))) return;
      if (!(await send(socket, flood.payload))) return;
    }
    const done = message('C', Buffer.from(`SELECT ${flood.rows}\0`));
    await send(socket, Buffer.concat([done, READY]));
  };

  /** Speaks the protocol on `socket` (the plain one, then the TLS one after an SSLRequest). */
  const speak = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    let started = false;
    let extended = false;
    const onData = (chunk: Buffer) => {
      received.push(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST) {
            sslRequests += 1;
            if (!options.tls) {
              void send(socket, Buffer.from('N'));
              continue;
            }
            // The client sends nothing more until it reads 'S': the TLS socket takes the link
            // over at once, before its ClientHello can arrive.
            socket.off('data', onData);
            sockets.delete(socket);
            written += 1;
            socket.write('S');
            const secure = new TLSSocket(socket, { isServer: true, ...options.tls });
            secure.on('secure', () => {
              tlsLinks += 1;
            });
            speak(secure);
            return;
          }
          if (code === GSSENC_REQUEST) {
            void send(socket, Buffer.from('N'));
            continue;
          }
          started = true;
          const ask = auth === 'cleartext' ? ASK_CLEARTEXT : auth === 'md5' ? ASK_MD5 : null;
          void send(socket, ask ?? Buffer.concat([AUTH_OK, READY]));
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        buffered = buffered.subarray(length + 1);
        types.push(type);
        // Whatever the password's answer, the rogue lets it in: it came for the password.
        if (type === 'p') void send(socket, Buffer.concat([AUTH_OK, READY]));
        else if (type === 'Q') void answerQuery(socket, false);
        else if (type === 'P') extended = true;
        else if (type === 'S' && extended) {
          extended = false;
          void answerQuery(socket, true);
        } else if (type === 'X') socket.end();
      }
    };
    socket.on('data', onData);
  };

  const server = createServer(speak);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const user = encodeURIComponent(options.user ?? 'caja');
  const password = encodeURIComponent(options.password ?? 'pw');
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/store`,
    port,
    bytesWritten: () => written,
    queries: () => queries,
    received: () => Buffer.concat(received),
    messages: () => [...types],
    sslRequests: () => sslRequests,
    tlsLinks: () => tlsLinks,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
