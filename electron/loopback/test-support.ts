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
