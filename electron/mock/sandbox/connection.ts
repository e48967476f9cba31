// Dropping a connection, over a socket or in process. Over a socket the sandbox destroys it, as
// a failing network would. In process (the app's training mode, Fastify inject) there is no
// socket: the answer is marked instead, and the in-process transport fails the call the way
// fetch fails on a dropped connection.
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DROPPED_CONNECTION_HEADER } from '../../../shared/api/sandbox';

export const hasSocket = (request: FastifyRequest): boolean => request.raw.socket instanceof Socket;

/** Drops the connection now, without an answer (before or after the handler ran). */
export function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  if (hasSocket(request)) {
    request.raw.socket.destroy();
    return;
  }
  reply.header(DROPPED_CONNECTION_HEADER, '1');
}
