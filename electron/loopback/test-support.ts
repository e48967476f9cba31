// Slow clients for the loopback servers' tests: sockets that send part of a request and then
// nothing, and see when the server hangs up.
import { connect, type Socket } from 'node:net';

export type SlowClients = {
  /** Sends `text` on a new connection and nothing more; `closed` turns true on hang-up. */
  halfSent(port: number, text: string): Promise<{ closed: boolean }>;
  /** Drops every socket still open. */
  destroyAll(): void;
};

export function slowClients(): SlowClients {
  const sockets: Socket[] = [];
  return {
    halfSent: async (port, text) => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      const state = { closed: false };
      socket.on('close', () => {
        state.closed = true;
      });
      socket.on('error', () => {});
      // Read what comes (a 408, then the end): the hang-up is seen only once it is read.
      socket.resume();
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(text);
      return state;
    },
    destroyAll: () => {
      for (const socket of sockets.splice(0)) socket.destroy();
    },
  };
}

export type Flood = {
  /** Stops reconnecting and drops every socket. */
  stop(): void;
  /** Connections opened so far, reconnects included. */
  opened(): number;
};

/**
 * `count` connections that each send `text` and nothing more, and reconnect (after
 * `reconnectDelayMs`) whenever the server hangs up: a local process holding the server's slots.
 * Bounded: it stops by itself after `maxOpened` connections in all.
 */
export async function flood(
  port: number,
  count: number,
  text: string,
  options: { reconnectDelayMs?: number; maxOpened?: number } = {},
): Promise<Flood> {
  const { reconnectDelayMs = 5, maxOpened = 4_000 } = options;
  const sockets = new Set<Socket>();
  let stopped = false;
  let opened = 0;
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      if (stopped || opened >= maxOpened) return resolve();
      opened += 1;
      const socket = connect(port, '127.0.0.1');
      sockets.add(socket);
      socket.on('error', () => {});
      socket.resume();
      socket.once('connect', () => {
        socket.write(text);
        resolve();
      });
      socket.once('close', () => {
        sockets.delete(socket);
        resolve();
        if (!stopped) setTimeout(() => void open(), reconnectDelayMs).unref();
      });
    });
  await Promise.all(Array.from({ length: count }, () => open()));
  return {
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    opened: () => opened,
  };
}
