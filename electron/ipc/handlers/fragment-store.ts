// The service's HTML fragments, kept so each can be served as a document of its own (see
// electron/web/fragment-page.ts): a srcdoc frame inherits the app's style policy, which drops
// the fragment's <style>. Ids are random (a capability: nothing lists them) and only the last
// few are kept, each already bounded by the client's 1 MiB body cap.
import { randomBytes } from 'node:crypto';

export const FRAGMENT_PREFIX = 'fragment/';
const KEPT = 16;

export type FragmentStore = {
  /** Keeps `html`; returns the path (relative to the app's root) that serves it. */
  put(html: string): string;
  /** The html of a path segment id given by `put`, if still kept. */
  get(id: string): string | undefined;
};

export function createFragmentStore(): FragmentStore {
  const kept = new Map<string, string>();
  return {
    put(html) {
      const id = randomBytes(16).toString('hex');
      kept.set(id, html);
      for (const oldest of kept.keys()) {
        if (kept.size <= KEPT) break;
        kept.delete(oldest);
      }
      return `${FRAGMENT_PREFIX}${id}`;
    },
    get: (id) => (/^[0-9a-f]{32}$/.test(id) ? kept.get(id) : undefined),
  };
}
