// ESC/POS over the network: a raw TCP connection to the printer (port 9100 by convention).
// Before the job, the printer is asked for its paper sensor (DLE EOT 4); a printer that says it
// has no paper gets no job, so nothing is half printed. Printers that do not answer status
// requests get the job anyway after a short wait. A job the printer stops taking (jammed, cover
// open, paper out mid-job) or a connection it closes midway is reported, never taken as printed.
import { Socket } from 'node:net';
import { PrinterFailure } from './printer-failure';

export type TcpTimeouts = {
  /** To connect. */
  connectMs: number;
  /** For the answer to the paper status request. */
  statusMs: number;
  /** Longest time the printer may take no data while the job is being sent. */
  idleMs: number;
  /** After the last byte, how long a reset still means the job was cut. */
  graceMs: number;
};

export const DEFAULT_TCP_TIMEOUTS: TcpTimeouts = {
  connectMs: 5_000,
  statusMs: 800,
  idleMs: 15_000,
  graceMs: 1_000,
};

/** DLE EOT 4: transmit the roll paper sensor status. */
export const PAPER_STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x04);

/** A status byte has bits 1 and 4 set and 0 and 7 clear; bits 5 and 6 mean the paper has ended. */
export function paperOut(status: number): boolean | null {
  if ((status & 0x93) !== 0x12) return null;
  return (status & 0x60) === 0x60;
}

const UNREACHABLE = new Set([
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

function connectFailure(error: NodeJS.ErrnoException, where: string): PrinterFailure {
  if (error.code === 'ECONNREFUSED') return new PrinterFailure('refused', `${where}: ECONNREFUSED`);
  if (error.code && UNREACHABLE.has(error.code)) {
    return new PrinterFailure('unreachable', `${where}: ${error.code}`);
  }
  if (error.code === 'ETIMEDOUT') return new PrinterFailure('no-answer', `${where}: ETIMEDOUT`);
  return new PrinterFailure('closed', `${where}: ${error.code ?? error.message}`);
}

export async function sendOverTcp(
  target: { host: string; port: number },
  job: Uint8Array,
  timeouts: TcpTimeouts = DEFAULT_TCP_TIMEOUTS,
): Promise<void> {
  const where = `${target.host}:${target.port}`;
  const socket = new Socket();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new PrinterFailure('no-answer', `${where}: no connection in ${timeouts.connectMs} ms`),
          ),
        timeouts.connectMs,
      );
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(connectFailure(error, where));
      });
      socket.connect(target.port, target.host, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Watched from the moment of connecting: a printer that closes or resets at once (busy with
    // another host, a half-broken network module) is `closed` at once, never `no-answer` after
    // the timeouts, and a close before the job is not missed by listeners attached later.
    const gone = watchClose(socket, where);
    const status = await askPaperStatus(socket, timeouts.statusMs, gone);
    if (status !== null && paperOut(status) === true) {
      throw new PrinterFailure(
        'paper-out',
        `${where}: paper sensor status 0x${status.toString(16)}`,
      );
    }
    if (gone.failure) throw gone.failure;
    await writeAll(socket, job, where, { ...timeouts, answered: status !== null });
  } finally {
    socket.destroy();
  }
}

type CloseWatch = { failure: PrinterFailure | null; onClose(listener: () => void): () => void };

/** Records the first end, reset or close of the printer's connection, before the job is sent. */
function watchClose(socket: Socket, where: string): CloseWatch {
  const listeners = new Set<() => void>();
  const watch: CloseWatch = {
    failure: null,
    onClose(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const mark = (why: string) => {
    if (watch.failure) return;
    watch.failure = new PrinterFailure('closed', `${where}: ${why} before the job`);
    for (const listener of listeners) listener();
  };
  socket.on('end', () => mark('closed the connection'));
  socket.on('error', (error: NodeJS.ErrnoException) => mark(error.code ?? error.message));
  socket.on('close', () => mark('connection closed'));
  return watch;
}

/** The first status byte the printer sends back, or null when it stays silent. */
function askPaperStatus(socket: Socket, waitMs: number, gone: CloseWatch): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const done = (value: number | null) => {
      clearTimeout(timer);
      socket.off('data', onData);
      stopWatching();
      resolve(value);
    };
    const onData = (chunk: Buffer) => done(chunk[0] ?? null);
    const timer = setTimeout(() => done(null), waitMs);
    const stopWatching = gone.onClose(() => {
      clearTimeout(timer);
      socket.off('data', onData);
      stopWatching();
      if (gone.failure) reject(gone.failure);
    });
    if (gone.failure) {
      clearTimeout(timer);
      stopWatching();
      reject(gone.failure);
      return;
    }
    socket.on('data', onData);
    socket.write(PAPER_STATUS_REQUEST);
  });
}

/**
 * Writes the job, failing when the printer closes or resets midway or takes no data for
 * `idleMs`. Done when the printer closes its side after the job (as raw-port printers do). A
 * printer that answered the status request is alive: `graceMs` after the last byte with no reset
 * is done too. One that never answered nor closed within `idleMs` is reported as not answering:
 * the OS took the bytes, but nothing says the printer did.
 */
function writeAll(
  socket: Socket,
  job: Uint8Array,
  where: string,
  timeouts: { idleMs: number; graceMs: number; answered: boolean },
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let sent = false;
    let timer = setTimeout(() => {}, 0);
    const finish = (failure: PrinterFailure | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          finish(
            new PrinterFailure('no-answer', `${where}: took no data for ${timeouts.idleMs} ms`),
          ),
        timeouts.idleMs,
      );
    };
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(new PrinterFailure('closed', `${where}: ${error.code ?? error.message} mid-job`)),
    );
    socket.on('end', () =>
      finish(sent ? null : new PrinterFailure('closed', `${where}: closed mid-job`)),
    );
    socket.on('close', () =>
      finish(sent ? null : new PrinterFailure('closed', `${where}: closed mid-job`)),
    );
    // What the printer sends back (late status bytes) is read and dropped, so its close is seen.
    socket.resume();
    arm();
    // Written in pieces so a printer that stops reading is noticed by the idle timer.
    const CHUNK = 16 * 1024;
    let offset = 0;
    const pump = () => {
      arm();
      while (offset < job.length) {
        const piece = job.subarray(offset, offset + CHUNK);
        offset += piece.length;
        if (!socket.write(piece)) return;
      }
      socket.end(() => {
        sent = true;
        clearTimeout(timer);
        timer = timeouts.answered
          ? setTimeout(() => finish(null), timeouts.graceMs)
          : setTimeout(
              () =>
                finish(
                  new PrinterFailure(
                    'no-answer',
                    `${where}: sent, but no status answer nor close in ${timeouts.idleMs} ms`,
                  ),
                ),
              timeouts.idleMs,
            );
      });
    };
    socket.on('drain', pump);
    pump();
  });
}
