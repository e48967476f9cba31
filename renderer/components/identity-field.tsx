import type { Ref } from 'react';
import { IDENTITY_INPUT_MAX, typedIdentity } from '../../shared/domain/identity';
import { useT } from '../i18n/use-t';
import type { FieldState, IdentityKind } from '../logic/sale-form';
import { TextField } from './text-field';

/** DNI or RUC: the kind decides the rule, the hint (boleta or factura) and the service field. */
export function IdentityField({
  idPrefix,
  kind,
  value,
  state,
  submitted,
  readOnly,
  serviceMessage,
  onKind,
  onValue,
  onEnter,
  inputRef,
  allowRuc = true,
}: {
  idPrefix: string;
  kind: IdentityKind;
  value: string;
  state: FieldState;
  submitted: boolean;
  readOnly: boolean;
  serviceMessage?: string | undefined;
  onKind: (kind: IdentityKind) => void;
  onValue: (value: string) => void;
  onEnter?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  allowRuc?: boolean;
}) {
  const t = useT();
  const fix = state.status === 'error' && state.fix !== undefined ? state.fix : undefined;
  return (
    <div className="identity-field">
      {allowRuc ? (
        <fieldset className="segmented" disabled={readOnly}>
          <legend>{t('identity.kind')}</legend>
          {(['dni', 'ruc'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name={`${idPrefix}-identity-kind`}
                value={option}
                checked={kind === option}
                onChange={() => onKind(option)}
              />
              <span>{t(option === 'dni' ? 'identity.dni' : 'identity.ruc')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField
        ref={inputRef}
        id={`${idPrefix}-identity`}
        label={t(kind === 'dni' ? 'identity.dniLabel' : 'identity.rucLabel')}
        value={value}
        onValue={(typed) => onValue(typedIdentity(typed))}
        state={state}
        submitted={submitted}
        serviceMessage={serviceMessage}
        readOnly={readOnly}
        inputMode="numeric"
        maxLength={IDENTITY_INPUT_MAX}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
        fix={
          fix
            ? { label: t('field.dni.useEight', { dni: fix }), onFix: () => onValue(fix) }
            : undefined
        }
      />
    </div>
  );
}
