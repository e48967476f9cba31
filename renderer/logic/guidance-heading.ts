// A guidance's heading as one line: its label (refused, outcome unknown) and its title, which is
// a sentence of its own ("Resultado desconocido: Este código tiene un cobro sin respuesta…").
import type { T } from '../i18n/use-t';
import type { Guidance } from './error-guidance';

function guidanceLabel(guidance: Guidance, t: T): string {
  if (guidance.tone === 'unknown') return `${t('guide.unknownLabel')}: `;
  return guidance.tone === 'error' ? `${t('guide.refusedLabel')}: ` : '';
}

export function guidanceHeading(guidance: Guidance, t: T): string {
  return `${guidanceLabel(guidance, t)}${t(guidance.title, guidance.params)}`;
}
