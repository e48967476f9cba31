// Embeddable HTML fragments for a store page: the financing add-on and the info steps.
// Both answer HTML text, shown by the app only in a sandboxed iframe (docs/decisions.md
// "Embeddable HTML").
import { z } from 'zod';
import { defineServiceEndpoints, ErrorBody, FieldErrorsBody, NonEmptyString } from './common';

/** The documented spelling of the add-on's credential header. */
export const CLIENT_ID_HEADER = 'Client_id';

// Decision: "integer or float" written as a path segment, with at most 2 decimals because money
// is PEN with 2 decimals (docs/decisions.md "Money"); no leading zeros, no sign, no exponent.
const ADD_ON_AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

export const AddOnParams = z.strictObject({
  amount: z.string().regex(ADD_ON_AMOUNT, { message: 'an integer or a float amount' }),
});
export type AddOnParams = z.infer<typeof AddOnParams>;

// Keyed lower-case as Node and fetch's Headers present header names (which are
// case-insensitive); not strict, since a request carries other headers too.
export const AddOnHeaders = z.object({ client_id: NonEmptyString });
export type AddOnHeaders = z.infer<typeof AddOnHeaders>;

// `GET /pos/order/info-steps` is the order "info-steps" (a fixed segment wins over a parameter,
// in the mock's router as in most), so a client id can never be `order`: the pattern says so.
export const InfoStepsParams = z.strictObject({
  client_id: z.string().regex(/^(?!order$)[^/]+$/, { message: 'a client id other than "order"' }),
});
export type InfoStepsParams = z.infer<typeof InfoStepsParams>;

/** A style block and a content block, as HTML text. */
export const HtmlFragment = z.string();
export type HtmlFragment = z.infer<typeof HtmlFragment>;

// Decision: the add-on's 401 carries "an unauthorized detail" with no shape shown; the team's
// design is silent (docs/decisions.md "Embeddable HTML"), so both the `{ detail }` form that
// wording suggests and the usual `{ error }` are read.
export const UnauthorizedDetail = z.union([z.object({ detail: z.string() }), ErrorBody]);
export type UnauthorizedDetail = z.infer<typeof UnauthorizedDetail>;

export const htmlEndpoints = defineServiceEndpoints({
  financingAddOn: {
    method: 'GET',
    path: '/pos/pay-with-service-add-on/{amount}',
    summary: 'Financing add-on: a short financing summary for the amount and a link (HTML)',
    auth: 'client-id',
    params: AddOnParams,
    headers: AddOnHeaders,
    responseType: 'html',
    response: HtmlFragment,
    // A path amount that is not an integer or a 2-decimal float: `{ amount: "Error on amount format" }`.
    errors: { 400: FieldErrorsBody, 401: UnauthorizedDetail },
    description:
      'An HTML fragment for a product page: the amount in installments within the store’s ' +
      'limits, and a link to the info steps. The amount is an integer or a 2-decimal float.',
    sample: '<style>.a{}</style><div>Desde S/ 375 al mes</div>',
    example: { params: { amount: '1500' } },
  },
  infoSteps: {
    method: 'GET',
    path: '/pos/{client_id}/info-steps',
    summary: 'Info steps: steps, requirements and a how-it-works link (HTML)',
    auth: 'none',
    params: InfoStepsParams,
    responseType: 'html',
    response: HtmlFragment,
    errors: { 404: ErrorBody },
    description:
      'An HTML fragment: the steps, requirements and a how-it-works link. No credentials; an ' +
      'unknown client id answers 404 `Client not registered`.',
    sample: '<style></style><ol><li>DNI</li></ol>',
    example: { params: { client_id: 'mock-client' } },
  },
});
