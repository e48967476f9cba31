// Where a store database host really is, before the loopback/private/TLS rule is applied to it
// (docs/store-database.md "TLS and passwords", docs/decisions.md "Hosts mean what they show
// (issue 34, item 6)"). The system resolver (getaddrinfo, through inet_aton) reads `134744072`,
// `0x08080808`, `010.8.8.8` and `8.8.2056` as 8.8.8.8 and `127.1` as 127.0.0.1, while each looks
// like a machine name or a private address to a person, and to a check on the text: so a host
// made of numbers is read here the way inet_aton reads it, and the driver is given the address it
// is. A host that looks like numbers but is no address (`999.1.1.1`, `08.1.1.1`, `1.2.3.4.`) is
// refused: the resolver would send it to DNS as a name, and it means nothing a person can check.
import { BlockList, isIP } from 'node:net';

export type HostReading =
  /** A name the resolver looks up (`backoffice`, `db.example.com`). */
  | { kind: 'name'; host: string }
  /** An IP address, in its one canonical spelling (`8.8.8.8`, `::1`). */
  | { kind: 'ip'; host: string; family: 4 | 6 }
  /** Numbers that make no address: refused. */
  | { kind: 'not-an-address' };

/** One part of an inet_aton address: decimal, octal (leading 0) or hex (0x), as C reads them. */
function part(text: string): number | null {
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return Number.parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number.parseInt(text, 10);
  return null;
}

/** A label the resolver may read as a number: then the whole host must be an address. */
const NUMERIC_LABEL = /^(0x[0-9a-f]*|[0-9]+)$/i;

/**
 * inet_aton's reading: 1 to 4 parts, every part but the last one byte, the last one filling the
 * bytes left (`a`, `a.b`, `a.b.c`, `a.b.c.d`), each in decimal, octal or hex.
 */
function ipv4(text: string): string | null {
  const texts = text.split('.');
  if (texts.length > 4) return null;
  const parts = texts.map(part);
  if (parts.some((p) => p === null)) return null;
  const numbers = parts as number[];
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 0xff)) return null;
  if (last >= 2 ** (8 * (4 - numbers.length))) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 2 ** (8 * (3 - i));
  });
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** What a host of the URL (its brackets already removed) is to the resolver. */
export function readHost(host: string): HostReading {
  const h = host.toLowerCase();
  const family = isIP(h);
  if (family === 4 || family === 6) return { kind: 'ip', host: h, family };
  const labels = h.split('.');
  // A trailing dot leaves an empty last label: the label before it decides.
  const last = labels[labels.length - 1] === '' ? labels[labels.length - 2] : labels.at(-1);
  if (last === undefined || !NUMERIC_LABEL.test(last)) return { kind: 'name', host: h };
  const address = ipv4(h);
  return address === null ? { kind: 'not-an-address' } : { kind: 'ip', host: address, family: 4 };
}

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8], // RFC 1918
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16], // link-local
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/**
 * Loopback, RFC 1918, link-local, unique-local IPv6 (an IPv4-mapped IPv6 address by its IPv4
 * address), a `.local`/`.lan` name, and a bare name (a LAN's machine name). Numbers are read as
 * the address they are first (`127.1` is loopback, `134744072` is 8.8.8.8).
 */
export function isPrivateHost(host: string): boolean {
  const reading = readHost(host.replace(/^\[|\]$/g, ''));
  if (reading.kind === 'not-an-address') return false;
  if (reading.kind === 'ip') {
    // A zone (`fe80::1%eth0`) names the interface, not the address.
    const address = reading.host.replace(/%.*$/, '');
    return PRIVATE.check(address, reading.family === 4 ? 'ipv4' : 'ipv6');
  }
  const h = reading.host;
  if (h === 'localhost' || h.endsWith('.local') || h.endsWith('.lan')) return true;
  // A single-label name ("backoffice") is resolved on the store's own network.
  return !h.includes('.');
}
