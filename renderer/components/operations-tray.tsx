import { useEffect, useRef, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import type { JournalOperation } from '../../shared/journal-entry';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import {
  agoText,
  isBilling,
  isClosable,
  isRefund,
  kindOf,
  moneyOf,
  whoOf,
} from '../logic/open-operation';
import { useOpenOperationsStore, watchOpenOperations } from '../stores/open-operations-store';
import { useLanguage } from '../stores/settings-store';
import { CloseOperationForm } from './close-operation-form';

/**
 * Every operation of this terminal without a definite answer, in sight on every screen: a pill
 * in the top bar with the count, opening the list (who, code, money, how long ago). A billing or
 * a refund stays until the service answers; an unknown Verify/Info/undo a supervisor may close.
 */
export function OperationsTray() {
  const t = useT();
  const open = useOpenOperationsStore((s) => s.open);
  const [expanded, setExpanded] = useState(false);
  const trayRef = useRef<HTMLDivElement>(null);
  const pillRef = useRef<HTMLButtonElement>(null);
  useEffect(() => watchOpenOperations(), []);
  useEffect(() => {
    if (open.length === 0) setExpanded(false);
  }, [open.length]);
  // Open, it closes like any pop-up: Esc (only the tray, the screen does not go back), a press
  // outside it, or another screen (docs/decisions.md "The open-operations tray").
  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setExpanded(false);
      pillRef.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (!trayRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    const onScreen = () => setExpanded(false);
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPress, true);
    window.addEventListener('hashchange', onScreen);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPress, true);
      window.removeEventListener('hashchange', onScreen);
    };
  }, [expanded]);
  const stop = stopWords(open);
  const count =
    open.length === 1 ? t('tray.countOne') : t('tray.countMany', { count: open.length });
  return (
    <div className="tray" ref={trayRef}>
      {/* The live region stays in the page so a new count is announced when it appears. */}
      <div role="status" className="pending-slot">
        {open.length > 0 ? (
          <button
            ref={pillRef}
            type="button"
            className="pending-pill"
            aria-expanded={expanded}
            aria-controls="tray-panel"
            onClick={() => setExpanded(!expanded)}
          >
            <span aria-hidden="true">⚠ </span>
            {stop ? `${count}: ${t(stop)}` : count}
          </button>
        ) : null}
      </div>
      {expanded && open.length > 0 ? (
        <section id="tray-panel" className="tray__panel" aria-labelledby="tray-title">
          <h2 id="tray-title">{t('tray.title')}</h2>
          <ul className="tray__list">
            {open.map((op) => (
              <TrayItem key={op.op_id} op={op} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What not to do again while these are open: collect, refund, both, or nothing. */
function stopWords(open: JournalOperation[]): MessageKey | null {
  const billing = open.some(isBilling);
  const refund = open.some(isRefund);
  if (billing && refund) return 'tray.stopBoth';
  if (billing) return 'tray.stopBilling';
  return refund ? 'tray.stopRefund' : null;
}

function TrayItem({ op }: { op: JournalOperation }) {
  const t = useT();
  const language = useLanguage();
  const [closing, setClosing] = useState(false);
  const who = whoOf(op);
  const money = moneyOf(op);
  // An undo is never called again by itself (docs/decisions.md "Undo billing is not retried (issue 18, item 6)").
  const advice = isBilling(op)
    ? 'tray.adviceBilling'
    : isRefund(op)
      ? 'tray.adviceRefund'
      : op.operation.endsWith('.undoBilling')
        ? 'tray.adviceUndo'
        : 'tray.adviceOther';
  return (
    <li className="tray__item" data-testid="open-operation">
      <p className="tray__what">
        <strong>{t(kindOf(op))}</strong>
        {who ? <span className="nowrap"> · {who}</span> : null}
        {op.intent.funding_code ? (
          <span className="nowrap"> · {op.intent.funding_code}</span>
        ) : null}
      </p>
      <p>
        {money !== null ? (
          <span className="nowrap">
            {t(isRefund(op) ? 'tray.refund' : 'tray.collected', { amount: formatPEN(money) })}
            {' · '}
          </span>
        ) : null}
        <span className="nowrap">{agoText(op.started_at, Date.now(), language)}</span>
      </p>
      <p>{t(advice)}</p>
      {isClosable(op) ? (
        closing ? (
          <CloseOperationForm op={op} onDone={() => setClosing(false)} />
        ) : (
          <button type="button" className="button button--small" onClick={() => setClosing(true)}>
            {t('tray.close')}
          </button>
        )
      ) : null}
    </li>
  );
}
