// The service's three ways to authenticate (docs/decisions.md "Authentication") as OpenAPI security
// schemes, and the requirement each endpoint's `auth` stands for.
import type { AuthScheme } from '../../../shared/api/common';
import { CLIENT_ID_HEADER } from '../../../shared/api/html';
import type { SecurityRequirement, SecuritySchemeObject } from './openapi-types';

export const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Authorization: Bearer <token>. In-store, orders, limits, refunds, vouchers and the ' +
      'trainer controls; the token is the one the sandbox printed when it started.',
  },
  clientIdHeader: {
    type: 'apiKey',
    in: 'header',
    name: CLIENT_ID_HEADER,
    description: 'The store client id, for the financing add-on.',
  },
  // One apiKey scheme names one header, so the connector's pair is two schemes required together.
  connectorClientId: {
    type: 'apiKey',
    in: 'header',
    name: 'client_id',
    description: 'Platform connector: the client id (sent with secret_token).',
  },
  connectorSecretToken: {
    type: 'apiKey',
    in: 'header',
    name: 'secret_token',
    description: 'Platform connector: the secret token (sent with client_id).',
  },
};

/** `[]` is an explicit "no authentication", not an omission. */
export function securityFor(auth: AuthScheme): SecurityRequirement[] {
  switch (auth) {
    case 'bearer':
      return [{ bearerAuth: [] }];
    case 'client-id':
      return [{ clientIdHeader: [] }];
    case 'connector':
      return [{ connectorClientId: [], connectorSecretToken: [] }];
    case 'none':
      return [];
  }
}

/** Header names (lower-case) that a security scheme of the requirement already describes. */
export function credentialHeaders(requirements: SecurityRequirement[]): Set<string> {
  const names = new Set<string>();
  for (const requirement of requirements) {
    for (const scheme of Object.keys(requirement)) {
      const definition = SECURITY_SCHEMES[scheme];
      if (definition?.type === 'apiKey') names.add(definition.name.toLowerCase());
    }
  }
  return names;
}
