import { useT } from '../i18n/use-t';
import type { FieldState } from '../logic/sale-form';

/**
 * The live line under a field. Errors are announced (the field is aria-invalid and describes
 * itself with this line); hints and confirmations are plain text. Icon and words, never colour
 * alone.
 */
export function FieldMessage({
  id,
  state,
  required,
  serviceMessage,
}: {
  id: string;
  state: FieldState;
  /** After a submit, an empty or unfinished field is an error too. */
  required: boolean;
  serviceMessage?: string | undefined;
}) {
  const t = useT();
  if (serviceMessage) {
    return (
      <p id={id} className="field-message field-message--error">
        <span aria-hidden="true">✕ </span>
        {serviceMessage}
      </p>
    );
  }
  if (state.status === 'error' || (required && state.status === 'hint')) {
    const message =
      state.status === 'error' || state.status === 'hint' ? t(state.message, state.params) : '';
    return (
      <p id={id} className="field-message field-message--error">
        <span aria-hidden="true">✕ </span>
        {message}
      </p>
    );
  }
  if (required && state.status === 'empty') {
    return (
      <p id={id} className="field-message field-message--error">
        <span aria-hidden="true">✕ </span>
        {t('field.required')}
      </p>
    );
  }
  if (state.status === 'hint') {
    return (
      <p id={id} className="field-message">
        {t(state.message, state.params)}
      </p>
    );
  }
  if (state.status === 'valid') {
    return (
      <p id={id} className="field-message field-message--ok">
        <span aria-hidden="true">✓ </span>
        {state.message ? t(state.message) : t('field.ok')}
      </p>
    );
  }
  return <p id={id} className="field-message" />;
}

export function isShownAsError(
  state: FieldState,
  required: boolean,
  serviceMessage?: string,
): boolean {
  return (
    Boolean(serviceMessage) || state.status === 'error' || (required && state.status !== 'valid')
  );
}
