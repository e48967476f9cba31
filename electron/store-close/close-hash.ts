// The close record's hash: SHA-256 of the UTF-8 bytes of its content's canonical JSON
// (shared/store/close-record.ts canonicalJson; docs/store-close.md "Checking a printed close").
import { createHash } from 'node:crypto';
import { type CloseContent, canonicalJson } from '../../shared/store/close-record';

export function hashClose(content: CloseContent): { canonical: string; sha256: string } {
  const canonical = canonicalJson(content);
  return { canonical, sha256: createHash('sha256').update(canonical, 'utf8').digest('hex') };
}
