// GET /pos/{client_id}/info-steps: the steps to buy with financing, the requirements, and a
// link to how it works. Amounts and installments come from the store's funding limits.

import type { MerchantSettings } from '../../../shared/api/trainer';
import { formatPEN } from '../../../shared/domain/money';
import { escapeHtml } from './escape-html';
import { FRAGMENT_STYLE } from './fragment-style';

const STEPS = [
  'Elige tus productos y el financiamiento como medio de pago.',
  'Completa la solicitud en línea y valida tu identidad.',
  'Paga la inicial en la tienda o en línea.',
  'Recibe tus productos y paga el resto en cuotas.',
];

export function infoStepsHtml(merchant: MerchantSettings, howItWorksUrl: string): string {
  const { min_amount, max_amount, min_steps, max_steps } = merchant;
  const requirements = [
    'DNI vigente y ser mayor de edad.',
    'Un celular y un correo electrónico propios.',
    `Compras desde ${formatPEN(min_amount * 100)} hasta ${formatPEN(max_amount * 100)}.`,
    `De ${min_steps} a ${max_steps} cuotas.`,
  ];
  const list = (items: string[]) => items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n');
  return `${FRAGMENT_STYLE}
<div class="svc-fragment svc-info-steps">
<h2>Compra en cuotas en 4 pasos</h2>
<ol>
${list(STEPS)}
</ol>
<h2>Requisitos</h2>
<ul>
${list(requirements)}
</ul>
<p><a href="${escapeHtml(howItWorksUrl)}" target="_blank" rel="noopener noreferrer">Cómo funciona</a></p>
</div>
`;
}
