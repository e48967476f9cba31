// Which base URLs the client may talk to. The service redirects plain HTTP to HTTPS only after
// the token was already sent in clear (docs/decisions.md "Authentication"), so plain HTTP is
// refused outright except towards this machine, where a local mock server can stand in.

export type BaseUrlProblem =
  | 'not-a-url'
  | 'scheme'
  | 'credentials'
  | 'query-or-fragment'
  | 'plain-http-not-loopback';

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; problem: BaseUrlProblem };

/**
 * Checks a configured base URL. On success `baseUrl` is the WHATWG-normalized form without a
 * trailing slash, and the caller must use it rather than the input: the decision is made on the
 * same parse `fetch` will use, so `http://0x7f000001` (which every URL parser reads as
 * 127.0.0.1) is judged as the address it really connects to.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, problem: 'not-a-url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: 'scheme' };
  // Credentials in the URL would be sent (and logged) with every request.
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' };
  // Endpoint paths and queries are appended to the base; a query or fragment would swallow them.
  if (url.search !== '' || url.hash !== '' || input.includes('?') || input.includes('#')) {
    return { ok: false, problem: 'query-or-fragment' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, problem: 'plain-http-not-loopback' };
  }
  return { ok: true, baseUrl: url.href.replace(/\/+$/, '') };
}

/**
 * A normalized WHATWG hostname that can only mean this machine. `localhost` is trusted by name
 * (resolvers and Node map it to loopback), but not `localhost.` or `*.localhost`, which may be
 * sent to DNS. IPv6 is only `[::1]`; IPv4-mapped forms are refused rather than reasoned about.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  if (!octets) return false;
  return octets.slice(1).every((o) => Number(o) <= 255) && octets[1] === '127';
}
