// Credentials are asked for at each call, through getters, so the client never holds a token in
// a field: logging, inspecting or serializing the client cannot reveal one, and a token changed
// in the vault takes effect on the next call.
import type { AuthScheme } from '../../shared/api/common';

type Secret = string | null | undefined;

export type ServiceCredentials = {
  /** The service's SECRET_TOKEN, sent as `Authorization: Bearer` (in-store, orders, vouchers). */
  bearerToken?: () => Promise<Secret> | Secret;
  /** The store's CLIENT_ID: the add-on's `Client_id` header and the connector's `client_id`. */
  clientId?: () => Promise<Secret> | Secret;
  /** The connector's `secret_token` header. */
  secretToken?: () => Promise<Secret> | Secret;
};

export type AuthHeaders =
  | {
      ok: true;
      headers: Record<string, string>;
      /** Values that must never appear in an error value: redacted wherever they would. */
      secrets: string[];
    }
  | { ok: false };

/** The headers an endpoint's auth scheme needs (docs/decisions.md "Authentication"). */
export async function authHeaders(
  scheme: AuthScheme,
  credentials: ServiceCredentials,
): Promise<AuthHeaders> {
  switch (scheme) {
    case 'none':
      return { ok: true, headers: {}, secrets: [] };
    case 'bearer': {
      const token = await read(credentials.bearerToken);
      if (token === null) return { ok: false };
      return { ok: true, headers: { Authorization: `Bearer ${token}` }, secrets: [token] };
    }
    case 'client-id': {
      const clientId = await read(credentials.clientId);
      if (clientId === null) return { ok: false };
      return { ok: true, headers: { Client_id: clientId }, secrets: [] };
    }
    case 'connector': {
      const [clientId, secretToken] = await Promise.all([
        read(credentials.clientId),
        read(credentials.secretToken),
      ]);
      if (clientId === null || secretToken === null) return { ok: false };
      return {
        ok: true,
        headers: { client_id: clientId, secret_token: secretToken },
        secrets: [secretToken],
      };
    }
  }
}

/** A missing, empty or unreadable credential is no credential: the caller answers `auth`. */
async function read(getter: (() => Promise<Secret> | Secret) | undefined): Promise<string | null> {
  if (!getter) return null;
  try {
    const value = await getter();
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    // The vault's error text is dropped on purpose: it may quote what it failed to decrypt.
    return null;
  }
}
