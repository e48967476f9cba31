// How a customer's identity is shown once it is no longer needed in full (docs/personal-data.md
// "Masks"): the same length, every character a `*` but the last three digits, so a cashier or a
// supervisor can still tell `*****678` from `*****912` without the DNI. The store database masks
// the same way (`store_db_identity_mask`, migration 0115), and the counter's journal masks in
// place with the byte-exact variant (electron/journal/mask-line.ts). One rule, three places.

/** Keys whose string value is a customer's identity, wherever they are (request, answer, note). */
export const IDENTITY_KEYS = ['dni', 'ruc', 'customer_dni', 'customer_fullname'] as const;

/** Keys under which every string is the customer's (an order's `customer_data`: name, e-mail…). */
export const IDENTITY_CONTAINERS = ['customer_data'] as const;

/** How many trailing digits a mask keeps; a value shorter than `MIN_KEEP_LENGTH` keeps none. */
const KEPT = 3;
const MIN_KEEP_LENGTH = 6;

/**
 * The mask of one identity: as many characters as it has, all `*` but its last three when they
 * are digits and it has at least six (`41000678` → `*****678`, `10054148289` → `********289`;
 * a name → all `*`). A mask masks to itself.
 */
export function maskIdentity(value: string): string {
  const chars = [...value];
  const tail = chars.slice(-KEPT).join('');
  const keep = chars.length >= MIN_KEEP_LENGTH && /^[0-9]{3}$/.test(tail);
  return '*'.repeat(chars.length - (keep ? KEPT : 0)) + (keep ? tail : '');
}

/** Whether a value is a mask already (all `*`, or `*` then at most three digits). */
export function isMaskedIdentity(value: string): boolean {
  return /^\*+[0-9]{0,3}$/.test(value);
}

/** A value as a cashier's paper and files show it: masked unless the caller needs it whole. */
export function shownIdentity(value: string | null | undefined): string {
  return value ? maskIdentity(value) : '';
}

const MAX_DEPTH = 64;

/**
 * Every string in a JSON value that is a customer's identity: an `identity` object's `value` (or
 * an `identity` string, as a close's exceptions hold it), the IDENTITY_KEYS anywhere, and every
 * string under an IDENTITY_CONTAINERS key. Distinct, in the order met.
 */
export function identityStrings(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, inside: boolean, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (typeof node === 'string') {
      if (inside && node !== '') found.add(node);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, inside, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (key === 'identity') {
        if (typeof item === 'string') walk(item, true, depth + 1);
        else if (item && typeof item === 'object' && !Array.isArray(item)) {
          const v = (item as Record<string, unknown>).value;
          if (typeof v === 'string' && v !== '') found.add(v);
          walk(item, inside, depth + 1);
        }
        continue;
      }
      const identityKey = (IDENTITY_KEYS as readonly string[]).includes(key);
      const container = (IDENTITY_CONTAINERS as readonly string[]).includes(key);
      walk(item, inside || container || (identityKey && typeof item === 'string'), depth + 1);
    }
  };
  walk(value, false, 0);
  return [...found];
}

/**
 * A JSON value with every identity string in it masked, as the store database writes a close
 * (`store_day_closes_mask`, migration 0115): each identity's exact JSON text replaced by its
 * mask's, everything else as it was.
 */
export function withIdentitiesMasked<T>(value: T): T {
  let text = JSON.stringify(value);
  for (const identity of identityStrings(value)) {
    text = text.split(JSON.stringify(identity)).join(JSON.stringify(maskIdentity(identity)));
  }
  return JSON.parse(text) as T;
}
