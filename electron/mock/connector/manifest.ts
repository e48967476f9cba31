// What the connector offers an e-commerce platform (shared/api/connector.ts; docs/decisions.md
// "Connector").
import type { Manifest, PaymentMethodsResponse } from '../../../shared/api/connector';

export const PAYMENT_METHODS: PaymentMethodsResponse = {
  paymentMethods: ['Service', 'CreditCard'],
};

// Decision: the custom fields' names as a platform's settings form shows them.
export const MANIFEST: Manifest = {
  paymentMethods: PAYMENT_METHODS.paymentMethods.map((name) => ({ name, allowSplit: 'disabled' })),
  customFields: [
    { name: 'Client id', type: 'text' },
    { name: 'Secret token', type: 'text' },
    { name: 'Currency', type: 'select', options: [{ text: 'PEN', value: '1' }] },
  ],
};
