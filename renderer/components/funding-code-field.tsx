import type { KeyboardEvent, Ref } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { useT } from '../i18n/use-t';
import type { FieldState } from '../logic/sale-form';
import { TextField } from './text-field';

/**
 * The funding code field of the sale and the check. Scanners type fast and may add spaces or
 * dashes; the field shows what will be sent. A scanner ends with Enter: `onEnter` moves on to
 * the next field instead of submitting, where there is one.
 */
export function FundingCodeField({
  id,
  inputRef,
  value,
  onValue,
  state,
  submitted,
  serviceMessage,
  readOnly,
  onEnter,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onValue: (code: string) => void;
  state: FieldState;
  submitted: boolean;
  serviceMessage: string | undefined;
  readOnly: boolean;
  onEnter?: () => void;
}) {
  const t = useT();
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <TextField
      ref={inputRef}
      id={id}
      label={t('sale.code')}
      value={value}
      onValue={(typed) => onValue(normalizeFundingCode(typed))}
      state={state}
      submitted={submitted}
      serviceMessage={serviceMessage}
      readOnly={readOnly}
      autoCapitalize="characters"
      className="input--code"
      onKeyDown={keyDown}
    />
  );
}
