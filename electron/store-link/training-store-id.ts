// The store that a store's training lines, checks and closes go under (docs/decisions.md
// "Training belongs to its own store"). Never the training service's client id: that one is
// the same for every store (`mock-client`), so every store sharing a store database met every
// other store's trainees.
import { createHash } from 'node:crypto';

/** The database's limit on a store id (migrations 0001 and 0100: 1 to 128 characters). */
const MAX_STORE_ID = 128;

/**
 * `training:<pos_client_id>` when the live client id is set, so the counters of one store share
 * their training store; else `training:terminal:<terminal id>`, this install's own (a one-counter
 * store trains without a client id). A client id too long for the prefix goes by its SHA-256.
 */
export function trainingStoreId(posClientId: string | null, terminalId: string): string {
  if (posClientId === null) return `training:terminal:${terminalId}`;
  const plain = `training:${posClientId}`;
  if (plain.length <= MAX_STORE_ID) return plain;
  return `training:sha256:${createHash('sha256').update(posClientId).digest('hex')}`;
}
