// A fixed document served from memory as bytes, compressed once, so each request is a header
// choice and a buffer write (docs/decisions.md "The mock under load"): serializing and encoding
// the 77 KB OpenAPI document on every request made it the slowest thing the mock served.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export type EncodedBody = {
  /** A strong validator per representation: each encoding has its own bytes. */
  etags: Record<Encoding, string>;
  bodies: Record<Encoding, Buffer>;
};

export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    bodies: {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    },
  };
}

/**
 * The encoding to answer with for an Accept-Encoding header: br, then gzip, when the client
 * takes it (a q of 0 refuses it, `*` stands for any not named); identity otherwise.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (text === '') return 'identity';
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
