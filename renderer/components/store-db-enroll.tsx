// Enrolling this counter in its store (docs/store-database.md "Setting a counter"), in the store
// database card while the database refuses the counter for want of the technician's one-time
// code: what that means, the one way forward (the code the technician makes, the command that
// makes it), and the code typed with the supervisor's PIN. One call at a time: a held Enter or a
// double click enrolls once; a refusal keeps the code for another try and clears the PIN.
import { useRef, useState } from 'react';
import type { StoreDbErrorCategory } from '../../shared/bridge';
import { useT } from '../i18n/use-t';
import {
  ENROLLMENT_CODE_LENGTH,
  enrollmentCodeState,
  enrollmentCodeToSend,
  normalEnrollmentCode,
} from '../logic/enrollment-code';
import type { FieldState } from '../logic/sale-form';
import type { EnrollmentCategory } from '../logic/store-enrollment';
import { pinState } from '../logic/supervisor-fields';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PinField } from './pin-field';
import { TextField } from './text-field';
import { useBridgeForm } from './use-bridge-form';

type Props = {
  /** Why the database refuses this counter. */
  category: EnrollmentCategory;
  /** The store this counter is set to (its `pos_client_id`). */
  store: string;
  /** This counter's terminal id, for the technician's re-enrollment code. */
  terminalId: string | null;
  onEnrolled: (store: string) => void;
};

export function StoreDbEnroll({ category, store, terminalId, onEnrolled }: Props) {
  const t = useT();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<StoreDbErrorCategory | null>(null);
  /** The code the database refused as it was typed then: not "Correcto" while it stays so. */
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const form = useBridgeForm();
  const enrolled = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const pinInput = useRef<HTMLInputElement>(null);
  const typed = enrollmentCodeState(code);
  const codeState: FieldState =
    refusedCode !== null && normalEnrollmentCode(code) === refusedCode
      ? { status: 'error', message: 'storeDb.enroll.codeRefused' }
      : typed;
  const pinFieldState = pinState(pin);
  const command = [
    'npm',
    'run',
    'store-db',
    '--',
    'enroll',
    '--store',
    store,
    ...(terminalId ? ['--terminal', terminalId] : []),
  ];

  const submit = () => {
    // The code is used once: after it enrolled this counter, a held Enter sends nothing more.
    if (enrolled.current) return;
    setRefusal(null);
    void form.submit(
      typed.status === 'valid' && pinFieldState.status === 'valid',
      'storeDb.enroll',
      { pin, code: enrollmentCodeToSend(code) },
      (answer) => {
        setPin('');
        form.setSubmitted(false);
        if (answer.enrolled) {
          enrolled.current = true;
          setCode('');
          onEnrolled(answer.store);
          return;
        }
        setRefusal(answer.category);
        setRefusedCode(normalEnrollmentCode(code));
        codeInput.current?.focus();
      },
      // The PIN was refused (or the call lost): the code stays, the PIN is typed again.
      () => {
        setPin('');
        form.setSubmitted(false);
        pinInput.current?.focus();
      },
    );
  };

  return (
    <section
      className="store-enroll"
      aria-labelledby="store-enroll-title"
      data-testid="store-db-enroll"
      data-category={category}
    >
      <h3 id="store-enroll-title">{t('storeDb.enroll.title')}</h3>
      <div className="note-warning" data-testid="store-db-enroll-why">
        <p>
          <span aria-hidden="true">⚠ </span>
          {t(`storeDb.enroll.state.${category}`, { store })}
        </p>
        <p className="store-enroll__why">{t(`storeDb.enroll.why.${category}`, { store })}</p>
      </div>
      <p>
        {terminalId
          ? t('storeDb.enroll.ask', { store, terminal: terminalId })
          : t('storeDb.enroll.askNoId', { store })}
      </p>
      <p className="store-enroll__command">
        {/* Broken only between its words: a store id cut at its dash would read as two. */}
        <code data-testid="store-db-enroll-command">
          {command.map((word, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words are fixed in number and order
            <span key={i}>
              {i > 0 ? ' ' : null}
              <span className="store-enroll__word">{word}</span>
            </span>
          ))}
        </code>
      </p>
      <p>{t('storeDb.enroll.type')}</p>
      <form
        noValidate
        aria-labelledby="store-enroll-title"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          ref={codeInput}
          id="store-enroll-code"
          label={t('storeDb.enroll.code')}
          className="input--code"
          value={code}
          onValue={setCode}
          state={codeState}
          submitted={form.submitted}
          // Room for the dashes and spaces a supervisor types between the 12 characters.
          maxLength={ENROLLMENT_CODE_LENGTH * 2}
          placeholder="XXXX-XXXX-XXXX"
        />
        <PinField
          ref={pinInput}
          id="store-enroll-pin"
          label={t('pin.supervisor')}
          value={pin}
          onValue={setPin}
          state={pinFieldState}
          submitted={form.submitted}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={form.busy}>
            <BusyLabel
              busy={form.busy}
              idle={t('storeDb.enroll.submit')}
              working={t('storeDb.enroll.working')}
            />
          </button>
        </div>
      </form>
      <div role="alert" data-testid="store-db-enroll-refused">
        {refusal ? (
          <div className="note-warning">
            <p>
              <span aria-hidden="true">✕ </span>
              {t('storeDb.enroll.refused')}:{' '}
              {/* Refused as another store's here: the code's store is not this login's. */}
              {refusal === 'other-store'
                ? t('storeDb.enroll.otherStoreCode', { store })
                : t(`storeDb.category.${refusal}`)}
            </p>
            <p>{t('storeDb.enroll.again')}</p>
          </div>
        ) : null}
      </div>
      {form.error ? <GuidancePanel guidance={form.error} headingLevel={3} /> : null}
    </section>
  );
}
