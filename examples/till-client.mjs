#!/usr/bin/env node
// An example till for Mostrador's integration API (docs/integration-api.md), in plain Node (20+,
// no dependencies): sends one sale, waits for the cashier with long polls, prints the outcome.
//
//   MOSTRADOR_INTEGRATION_KEY=… node examples/till-client.mjs --amount 1200 [--url http://127.0.0.1:4700/]
//     [--request-id B001-000123] [--document boleta|factura] [--number B001-000123]
//     [--dni 41000001 | --ruc 20512333797] [--callback] [--cancel-after SECONDS]
//
// It prints one JSON line per state it sees, then exits: 0 billed (issue the invoice), 1 refused
// or canceled (no sale), 2 on an error of its own. It never treats `unknown` as an answer: it
// keeps waiting, as a till must, and never sends the sale again under a new request_id.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: {
      type: 'string',
      default: process.env.MOSTRADOR_INTEGRATION_URL ?? 'http://127.0.0.1:4700/',
    },
    amount: { type: 'string' },
    'request-id': { type: 'string' },
    document: { type: 'string' },
    number: { type: 'string' },
    dni: { type: 'string' },
    ruc: { type: 'string' },
    callback: { type: 'boolean', default: false },
    'cancel-after': { type: 'string' },
  },
});
const key = process.env.MOSTRADOR_INTEGRATION_KEY;
if (!key || !values.amount) {
  console.error('usage: MOSTRADOR_INTEGRATION_KEY=… node examples/till-client.mjs --amount 1200');
  process.exit(2);
}
const api = new URL('integration/v1/', values.url);
const FINAL = new Set(['billed', 'refused', 'canceled']);
const print = (what, data) => console.log(JSON.stringify({ what, ...data }));

async function call(method, path, body, headers = {}) {
  // A lost answer is retried with the same request: the request_id makes it the same sale.
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(new URL(path, api), {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (attempt >= 5) {
        print('error', {
          path,
          error: `Mostrador did not answer: ${error.cause?.code ?? error.message}`,
        });
        process.exit(2);
      }
      print('retrying', { path, attempt, error: String(error.cause?.code ?? error.message) });
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

// The callback secret is derived from the key (docs/integration-api.md, "Callbacks").
const webhookSecret = createHash('sha256')
  .update(`mostrador-integration-webhooks\0${key}`)
  .digest();

/** Standard Webhooks: HMAC-SHA256 of `id.timestamp.body`, base64, in `webhook-signature` as v1,… */
function signatureValid(headers, body) {
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', webhookSecret).update(signed).digest();
  const age = Math.abs(Date.now() / 1000 - Number(headers['webhook-timestamp']));
  return (
    age < 300 &&
    String(headers['webhook-signature'] ?? '')
      .split(' ')
      .some((part) => {
        const given = Buffer.from(part.replace(/^v1,/, ''), 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      })
  );
}

let receiver = null;
let calledBack = () => {};
const callbackSeen = new Promise((resolve) => {
  calledBack = resolve;
});

async function callbackReceiver() {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const valid = signatureValid(request.headers, body);
      print('callback', { signature_valid: valid, sale_request: valid ? JSON.parse(body) : null });
      response.statusCode = valid ? 204 : 400;
      response.end();
      if (valid) calledBack();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = server;
  return `http://127.0.0.1:${server.address().port}/mostrador-callback`;
}

const sale = {
  request_id: values['request-id'] ?? `TILL-${randomUUID().slice(0, 8)}`,
  billed_amount: Number(values.amount),
  ...(values.document
    ? { document: { type: values.document, ...(values.number ? { number: values.number } : {}) } }
    : {}),
  ...(values.dni
    ? { identity: { dni: values.dni } }
    : values.ruc
      ? { identity: { ruc: values.ruc } }
      : {}),
  ...(values.callback ? { callback_url: await callbackReceiver() } : {}),
};

const created = await call('POST', 'sale-requests', sale);
if (created.status !== 201 && created.status !== 200) {
  print('error', { status: created.status, error: created.body.error });
  process.exit(2);
}
let request = created.body;
print('sent', {
  status: created.status,
  request_id: request.request_id,
  state: request.state,
  training: request.training,
});

if (values['cancel-after']) {
  setTimeout(async () => {
    const canceled = await call('POST', `sale-requests/${request.request_id}/cancel`);
    print('cancel', {
      status: canceled.status,
      ...(canceled.body.error ? { error: canceled.body.error } : { state: canceled.body.state }),
    });
  }, Number(values['cancel-after']) * 1000).unref();
}

while (!FINAL.has(request.state)) {
  const read = await call('GET', `sale-requests/${request.request_id}?wait=30`, undefined, {
    'if-none-match': `"${request.etag}"`,
  });
  if (read.status === 429) {
    // Too many long waits held at once (docs/integration-api.md): come back in a second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    continue;
  }
  if (read.status !== 200) {
    print('error', { status: read.status, error: read.body.error });
    process.exit(2);
  }
  if (read.body.etag !== request.etag) {
    request = read.body;
    print('state', {
      state: request.state,
      ...(request.amount_to_collect !== undefined
        ? { amount_to_collect: request.amount_to_collect }
        : {}),
      ...(request.state === 'unknown'
        ? { note: 'no definite answer yet: do not invoice, keep waiting' }
        : {}),
    });
  }
}
print('outcome', {
  request_id: request.request_id,
  state: request.state,
  ...(request.state === 'billed'
    ? { collected_amount: request.collected_amount, next: 'issue the invoice now' }
    : {}),
  ...(request.error ? { error: request.error } : {}),
  ...(request.canceled_by ? { canceled_by: request.canceled_by } : {}),
});
// The callback may come a moment after the long poll saw the final state.
if (values.callback) {
  let timer;
  await Promise.race([callbackSeen, new Promise((r) => (timer = setTimeout(r, 5000)))]);
  clearTimeout(timer);
  receiver?.close();
}
// Not process.exit(): it could cut off the callback's answer and the last printed lines.
process.exitCode = request.state === 'billed' ? 0 : 1;
