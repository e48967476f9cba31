// What a caller passes to, and gets from, an endpoint: derived from its spec alone, so a new
// endpoint in shared/api is callable (and typed) without writing anything here.
import type { z } from 'zod';
import type { EndpointSpec } from '../../shared/api/common';

/**
 * Header names the client fills from its credentials. Specs list them among an endpoint's
 * headers because the mock validates them there; a caller never passes them (lower-case, as
 * the specs key headers).
 */
export const CREDENTIAL_HEADERS = ['authorization', 'client_id', 'secret_token'] as const;
type CredentialHeader = (typeof CREDENTIAL_HEADERS)[number];

type Part<S, K extends string> = S extends { [P in K]: infer Schema extends z.ZodType }
  ? { [P in K]: z.input<Schema> }
  : { [P in K]?: undefined };

type CallerHeaders<S> = S extends { headers: infer H extends z.ZodType }
  ? Omit<z.input<H>, CredentialHeader>
  : Record<never, never>;

type HeadersPart<S> = keyof CallerHeaders<S> extends never
  ? { headers?: undefined }
  : { headers: CallerHeaders<S> };

/** `{ params?, query?, body?, headers? }`, each required exactly when the spec has it. */
export type EndpointInput<S extends EndpointSpec> = Part<S, 'params'> &
  Part<S, 'query'> &
  Part<S, 'body'> &
  HeadersPart<S>;

/** The validated 200 data: the response schema's output (text for the HTML fragments). */
export type EndpointData<S extends EndpointSpec> = z.output<S['response']>;
