// Who may talk to the loopback server. Any web page the cashier opens can send requests to
// 127.0.0.1, so: the Host header must name this server (a DNS-rebinding page sends its own
// name), an Origin, when sent, must be this server's, and every bridge call must carry the
// per-launch secret in the X-Mostrador-Secret header (tools, tests), or a session the launch
// URL's one-time key was exchanged for, in an HttpOnly cookie (the page; docs/decisions.md
// "The launch key works once").
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type GuardOptions = {
  port: number;
  /** The bridge secret: the X-Mostrador-Secret header's, never in a URL nor a cookie. */
  secret: string;
  /** The launch URL's `?key=`: exchanged for a session once, then worthless. */
  launchKey: string;
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
  const launchDigest = digest(options.launchKey);
  let launchKeyUsed = false;
  /** Digests (hex) of the sessions handed out this run; they live as long as the run. */
  const sessions = new Set<string>();
  const cookieName = `mostrador_session_${options.port}`;
  const matches = (given: string) => timingSafeEqual(digest(given), secretDigest);
  // A Set lookup of the digest: what is compared is a hash of the cookie, not the cookie.
  const isSession = (given: string | undefined) =>
    given !== undefined && given !== '' && sessions.has(digest(given).toString('hex'));
  const isLaunchKey = (given: string) =>
    given !== '' && timingSafeEqual(digest(given), launchDigest);

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

    /**
     * For bridge calls: the secret, compared in constant time, from the header or else from the
     * cookie. Cookies are shared by every port of 127.0.0.1, so one is taken only with this
     * server's Origin, which a browser sends with every POST (checkOrigin refuses any other).
     */
    checkSecret(headers: IncomingHttpHeaders, method = 'POST'): GuardVerdict {
      const header = first(headers['x-mostrador-secret']);
      if (header) {
        return matches(header)
          ? { ok: true }
          : { ok: false, status: 403, reason: 'missing or wrong bridge secret' };
      }
      const fromCookie = cookieValue(headers.cookie, cookieName);
      const needsOrigin = method !== 'GET' && method !== 'HEAD';
      if ((needsOrigin && headers.origin === undefined) || !isSession(fromCookie)) {
        return { ok: false, status: 403, reason: 'missing or wrong bridge secret' };
      }
      return { ok: true };
    },

    /** Whether `given` is the launch key and still unused (looks, never uses it). */
    launchKeyOpen: (given: string) => !launchKeyUsed && isLaunchKey(given),

    /**
     * Uses the launch key: true the first time it is given, false ever after (and for any other
     * key). The caller then opens a session.
     */
    takeLaunchKey(given: string): boolean {
      if (launchKeyUsed || !isLaunchKey(given)) return false;
      launchKeyUsed = true;
      return true;
    },

    /**
     * A new session and the cookie that carries it: HttpOnly (no script reads it),
     * SameSite=Strict (no other site's page sends it), for the whole origin, until the browser
     * closes (or this run ends). Its name holds the port, so two runs on one machine do not take
     * each other's. Its value is neither the key nor the secret.
     */
    openSession(): string {
      const token = randomBytes(32).toString('hex');
      sessions.add(digest(token).toString('hex'));
      return `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    },
  };
}

function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
