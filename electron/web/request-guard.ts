// Who may talk to the loopback server. Any web page the cashier opens can send requests to
// 127.0.0.1, so: the Host header must name this server (a DNS-rebinding page sends its own
// name), an Origin, when sent, must be this server's, and every bridge call must carry the
// per-launch secret that only the page served from here can read.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type GuardOptions = {
  port: number;
  secret: string;
  /** More origins allowed to call, e.g. the renderer's dev server during development. */
  extraOrigins?: readonly string[];
};

export type GuardVerdict = { ok: true } | { ok: false; status: number; reason: string };

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function createRequestGuard(options: GuardOptions) {
  const hosts = new Set([`127.0.0.1:${options.port}`, `localhost:${options.port}`]);
  const origins = new Set([
    `http://127.0.0.1:${options.port}`,
    `http://localhost:${options.port}`,
    ...(options.extraOrigins ?? []),
  ]);
  const secretDigest = digest(options.secret);

  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

  return {
    /** For every request, static files included. */
    checkOrigin(headers: IncomingHttpHeaders): GuardVerdict {
      const host = first(headers.host)?.toLowerCase();
      if (host === undefined || !hosts.has(host)) {
        return { ok: false, status: 403, reason: 'unexpected Host' };
      }
      const origin = first(headers.origin);
      // "null" (sandboxed frames, file://) is an origin too, and not ours.
      if (origin !== undefined && !origins.has(origin)) {
        return { ok: false, status: 403, reason: 'foreign Origin' };
      }
      const site = first(headers['sec-fetch-site']);
      if (site === 'cross-site' || site === 'same-site') {
        return { ok: false, status: 403, reason: 'cross-site request' };
      }
      return { ok: true };
    },

    /** For bridge calls: the secret, compared in constant time. */
    checkSecret(headers: IncomingHttpHeaders): GuardVerdict {
      const given = first(headers['x-mostrador-secret']);
      if (!given || !timingSafeEqual(digest(given), secretDigest)) {
        return { ok: false, status: 403, reason: 'missing or wrong bridge secret' };
      }
      return { ok: true };
    },
  };
}
