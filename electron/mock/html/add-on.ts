// GET /pos/pay-with-service-add-on/{amount}: a short financing summary for the amount. The
// installment shown is the smallest the store's limits allow (amount / max_steps, floored to
// the cent); outside [min_amount, max_amount] the fragment names the amount, below the minimum or
// above the maximum, then the range.

import type { MerchantSettings } from '../../../shared/api/trainer';
import { type Cents, formatPEN } from '../../../shared/domain/money';
import { escapeHtml } from './escape-html';
import { FRAGMENT_STYLE } from './fragment-style';

export function addOnHtml(amount: Cents, merchant: MerchantSettings, infoUrl: string): string {
  const { min_amount, max_amount, min_steps, max_steps } = merchant;
  const min = min_amount * 100;
  const max = max_amount * 100;
  const financeable = amount >= min && amount <= max;
  // Outside the range, the amount asked about is named first: the range alone left the reader
  // to compare (issue "What a newcomer met", item 10).
  const where =
    amount < min
      ? `está por debajo del mínimo de ${escapeHtml(formatPEN(min))}`
      : `está por encima del máximo de ${escapeHtml(formatPEN(max))}`;
  const summary = financeable
    ? `<p>Paga ${escapeHtml(formatPEN(amount))} en hasta <strong>${escapeHtml(String(max_steps))} cuotas</strong> de ${escapeHtml(formatPEN(Math.floor(amount / max_steps)))}.</p>
<p>Desde ${escapeHtml(String(min_steps))} cuotas, con una inicial.</p>`
    : `<p><strong>${escapeHtml(formatPEN(amount))} ${where}.</strong></p>
<p>El financiamiento está disponible para compras desde ${escapeHtml(formatPEN(min))} hasta ${escapeHtml(formatPEN(max))}.</p>`;
  return `${FRAGMENT_STYLE}
<div class="svc-fragment svc-add-on">
<h2>Compra ahora y paga en cuotas</h2>
${summary}
<p><a href="${escapeHtml(infoUrl)}" target="_blank" rel="noopener noreferrer">Cómo funciona</a></p>
</div>
`;
}
