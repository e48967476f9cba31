// "Cerrar turno" hands the terminal to the next cashier. Mid-sale (a verified sale, the
// "¿Recibió…?" step, a refusal after collecting, an unknown billing) or with money unresolved
// (money held for refused sales, operations without a definite answer) it first says what would
// be left half done and takes a deliberate confirm (docs/decisions.md "Cashier codes and the end-shift warning (issue 18, items 5 and 11)").
import { useEffect, useRef, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { useCheckStore } from '../stores/check-store';
import type { PhaseName } from '../stores/collect-flow';
import { useSaleStore } from '../stores/sale-store';
import { amountText } from './amount-text';
import { DeliberateButton } from './deliberate-button';

type Risk =
  | { kind: 'sale'; state: MessageKey }
  | { kind: 'check'; state: MessageKey }
  | { kind: 'held'; count: number; cents: number }
  | { kind: 'open'; count: number };

/** What a phase leaves half done if the shift ends now; null when nothing is. */
export function halfDone(phase: PhaseName): MessageKey | null {
  if (phase === 'verified' || phase === 'reverifying') return 'shift.state.verified';
  if (phase === 'confirming' || phase === 'billing') return 'shift.state.confirming';
  if (phase === 'paid-refused') return 'shift.state.refused';
  if (phase === 'unknown') return 'shift.state.unknown';
  return null;
}

async function endShiftRisks(): Promise<Risk[]> {
  const risks: Risk[] = [];
  const sale = halfDone(useSaleStore.getState().phase.name);
  if (sale) risks.push({ kind: 'sale', state: sale });
  const check = halfDone(useCheckStore.getState().phase.name);
  if (check) risks.push({ kind: 'check', state: check });
  const [held, open] = await Promise.all([call('money.held', {}), call('journal.unresolved', {})]);
  if (held.ok && held.result.holds.length > 0)
    risks.push({ kind: 'held', count: held.result.holds.length, cents: held.result.total_cents });
  if (open.ok && open.result.operations.length > 0)
    risks.push({ kind: 'open', count: open.result.operations.length });
  return risks;
}

function RiskLine({ risk }: { risk: Risk }) {
  const t = useT();
  if (risk.kind === 'sale') return <li>{t('shift.warnSale', { state: t(risk.state) })}</li>;
  if (risk.kind === 'check') return <li>{t('shift.warnCheck', { state: t(risk.state) })}</li>;
  if (risk.kind === 'open') return <li>{t('shift.warnOpen', { count: risk.count })}</li>;
  return (
    <li>{amountText(t('shift.warnHeld', { amount: formatPEN(risk.cents), count: risk.count }))}</li>
  );
}

function EndShiftWarning({
  risks,
  onConfirm,
  onBack,
}: {
  risks: Risk[];
  onConfirm: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const backRef = useRef<HTMLButtonElement>(null);
  // The safe answer has the focus: Enter pressed out of habit keeps the shift open.
  useEffect(() => backRef.current?.focus(), []);
  // Esc means "back" here, and only here: the screen below must not take it as its own step back.
  return (
    <div className="modal-backdrop">
      <div
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          onBack();
        }}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="end-shift-title"
        aria-describedby="end-shift-lead"
        data-testid="end-shift-warning"
      >
        <h2 id="end-shift-title">
          <span aria-hidden="true">⚠ </span>
          {t('shift.warnTitle')}
        </h2>
        <p id="end-shift-lead">{t('shift.warnLead')}</p>
        <ul>
          {risks.map((risk) => (
            <RiskLine key={risk.kind} risk={risk} />
          ))}
        </ul>
        <p>
          <strong>{t('shift.warnAdvice')}</strong>
        </p>
        <div className="button-row">
          <button ref={backRef} type="button" className="button button--primary" onClick={onBack}>
            {t('shift.warnBack')}
          </button>
          <DeliberateButton
            key="end-shift-anyway"
            type="button"
            className="button"
            onClick={onConfirm}
          >
            {t('shift.warnConfirm')}
          </DeliberateButton>
        </div>
      </div>
    </div>
  );
}

export function EndShiftButton({ onEndShift }: { onEndShift: () => void | Promise<void> }) {
  const t = useT();
  const [risks, setRisks] = useState<Risk[] | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    if (busy) return;
    setBusy(true);
    const found = await endShiftRisks();
    setBusy(false);
    if (found.length === 0) await onEndShift();
    else setRisks(found);
  };
  return (
    <>
      <button
        type="button"
        className="button button--small button--on-dark"
        disabled={busy}
        onClick={() => void ask()}
      >
        {t('shell.endShift')}
      </button>
      {risks ? (
        <EndShiftWarning
          risks={risks}
          onBack={() => setRisks(null)}
          onConfirm={() => {
            setRisks(null);
            void onEndShift();
          }}
        />
      ) : null}
    </>
  );
}
