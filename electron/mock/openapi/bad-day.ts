// The docs page's "Rehearse a bad day" section: the sandbox's faults, and what an integration
// must do about each (the same guidance as docs/sandbox.md).

import { MAX_HELD_CALLS } from '../../../shared/api/sandbox';
import { escapeHtml } from '../html/escape-html';

const BASE = 'http://127.0.0.1:4010';
const AUTH = "-H 'Authorization: Bearer mock-token' -H 'Content-Type: application/json'";
const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';

const arm = (body: string) => `curl -sS -X POST ${BASE}/__mock/faults ${AUTH} -d '${body}'`;

const ROWS: [string, string, string][] = [
  [
    'latency',
    `{"kind":"latency","ms":5000,"endpoint":"${PAID}"}`,
    'The answer comes late. Keep a timeout, and never let a cashier press again while waiting.',
  ],
  [
    'status',
    `{"kind":"status","status":503}`,
    'A 5xx is no answer: the outcome is unknown; call again (paid-and-billed repeats have no effect).',
  ],
  [
    'timeout',
    `{"kind":"timeout","ms":60000,"endpoint":"${PAID}"}`,
    'Nothing comes back. Your timeout fires; the outcome is unknown.',
  ],
  [
    'reset',
    `{"kind":"reset","endpoint":"${PAID}"}`,
    'The connection drops before the work. Unknown to you: call again.',
  ],
  [
    'lost-after-apply',
    `{"kind":"lost-after-apply","endpoint":"${PAID}","funding_code":"VENTA1"}`,
    'The work IS done but the answer is lost. Only calling again tells you: it answers 200, once.',
  ],
  [
    'malformed',
    `{"kind":"malformed","times":0}`,
    'A 200 whose body is not JSON: not a success you can read. Treat as unknown and call again.',
  ],
  [
    'gateway-error',
    `{"kind":"gateway-error","endpoint":"${PAID}"}`,
    'A gateway answers 200 {"error": …} and the service never got the call. A 200 is a yes only with the success body: unknown, call again.',
  ],
];

export const BAD_DAY = `<section id="bad-day">
<h2>Rehearse a bad day</h2>
<p>Arm a fault, make your call, and see what your integration does. A fault meets the next
matching call of the service API (never these controls), <code>times</code> calls (default 1,
0 = until cleared); <code>endpoint</code> and <code>funding_code</code> narrow it. Every answer
carries <code>X-Request-Id</code>; <code>GET /__mock/requests</code> lists the last calls with the
fault each met. <code>DELETE /__mock/faults</code> or <code>POST /__mock/reset</code> clears them
and lets every call a <code>timeout</code> or <code>latency</code> fault holds go at once. At most
${MAX_HELD_CALLS} calls are held at a time; past that a <code>timeout</code> fault drops the
connection at once, as <code>reset</code>.</p>
<table><thead><tr><th>kind</th><th>arm it</th><th>what your integration must do</th></tr></thead><tbody>
${ROWS.map(([kind, body, advice]) => `<tr><td><code>${kind}</code></td><td><pre>${escapeHtml(arm(body))}</pre></td><td>${escapeHtml(advice)}</td></tr>`).join('\n')}
</tbody></table>
<pre>${escapeHtml(`curl -sS ${BASE}/__mock/requests?limit=10 -H 'Authorization: Bearer mock-token'`)}</pre>
</section>`;
