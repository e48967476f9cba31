import type { InputHTMLAttributes, Ref } from 'react';
import type { FieldState } from '../logic/sale-form';
import { FieldMessage, isShownAsError } from './field-message';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  state: FieldState;
  submitted: boolean;
  serviceMessage?: string | undefined;
  /** A one-click correction offered under the message (the DNI card's check character). */
  fix?: { label: string; onFix: () => void } | undefined;
  big?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose live validation line is its accessible description. */
export function TextField({
  id,
  label,
  value,
  onValue,
  state,
  submitted,
  serviceMessage,
  fix,
  big,
  className,
  ref,
  ...rest
}: Props) {
  const messageId = `${id}-message`;
  const invalid = isShownAsError(state, submitted, serviceMessage);
  return (
    <div className={`field${big ? ' field--big' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={messageId}
        autoComplete="off"
        spellCheck={false}
        className={`${className ?? ''} input`.trim()}
        {...rest}
      />
      <FieldMessage
        id={messageId}
        state={state}
        required={submitted}
        serviceMessage={serviceMessage}
      />
      {fix ? (
        <button type="button" className="button button--small" onClick={fix.onFix}>
          {fix.label}
        </button>
      ) : null}
    </div>
  );
}
