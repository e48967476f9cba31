// Training → "Send a sale from the till": the trainer plays the store's invoicing system. The
// sale goes through the same integration API a real till uses, and appears on Sale (F2) with
// its amount locked; catalogue sale cases can be sent the same way (TillCaseButton).
import { useState } from 'react';
import type { BridgeArgs } from '../../shared/bridge';
import { parseAmountInput } from '../../shared/domain/money';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { screenHash } from '../logic/routes';
import { amountState } from '../logic/sale-form';
import { TextField } from './text-field';
import { navigate } from './use-hash-route';

type Sent = { ok: true; id: string } | { ok: false; message: string } | null;

async function send(args: BridgeArgs<'training.sendTillSale'>): Promise<Sent> {
  const answer = await call('training.sendTillSale', args);
  if (!answer.ok) return { ok: false, message: answer.error.message };
  const { status, request_id, error } = answer.result;
  return status === 201
    ? { ok: true, id: request_id }
    : { ok: false, message: error ?? String(status) };
}

export function TrainingTill() {
  const t = useT();
  const [amount, setAmount] = useState('1200.00');
  const [documentType, setDocumentType] = useState<'boleta' | 'factura'>('boleta');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  const parsed = parseAmountInput(amount);

  const submit = async () => {
    if (!parsed.ok || busy) return;
    setBusy(true);
    setSent(await send({ billed_cents: parsed.cents, document_type: documentType }));
    setBusy(false);
  };

  return (
    <section className="card" aria-labelledby="training-till-title">
      <h2 id="training-till-title">{t('training.till.title')}</h2>
      <p>{t('training.till.help')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          id="training-till-amount"
          label={t('training.till.amount')}
          value={amount}
          onValue={setAmount}
          state={amountState(amount)}
          submitted={false}
          inputMode="decimal"
        />
        <div className="field">
          <label htmlFor="training-till-document">{t('training.till.document')}</label>
          <select
            id="training-till-document"
            className="input"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value as 'boleta' | 'factura')}
          >
            <option value="boleta">boleta</option>
            <option value="factura">factura</option>
          </select>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy || !parsed.ok}>
            {t('training.till.send')}
          </button>
        </div>
      </form>
      <TillSent sent={sent} />
    </section>
  );
}

function TillSent({ sent }: { sent: Sent }) {
  const t = useT();
  return (
    <div role="status">
      {sent?.ok ? <p className="note-ok">✓ {t('training.till.sent', { id: sent.id })}</p> : null}
      {sent && !sent.ok ? (
        <p className="note-warning">⚠ {t('training.till.failed', { message: sent.message })}</p>
      ) : null}
    </div>
  );
}

/** On a catalogue sale case: the till sends it (amount and customer), then the sale screen. */
export function TillCaseButton({ name, title }: { name: string; title: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await send({ scenario: name });
          setBusy(false);
          setSent(result);
          if (result?.ok) navigate(screenHash('sale'));
        }}
      >
        {t('training.till.fromCase', { title })}
      </button>
      {sent && !sent.ok ? <TillSent sent={sent} /> : null}
    </>
  );
}
