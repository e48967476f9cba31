import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import type { Guidance } from '../logic/error-guidance';
import { guidanceHeading } from '../logic/guidance-heading';
import { amountText } from './amount-text';

/**
 * What went wrong and what to do next, in the cashier's language; the service's exact words
 * under "details" for the supervisor or support. Refusals are red with ✕, unknown outcomes amber
 * with ⚠ and "do not collect again"; the words carry the meaning, the colour only repeats it.
 */
export function GuidancePanel({
  guidance,
  children,
  headingLevel = 2,
}: {
  guidance: Guidance;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tone = guidance.tone;
  return (
    <section
      className={`guidance guidance--${tone}`}
      role={tone === 'unknown' ? 'status' : 'alert'}
      aria-labelledby="guidance-title"
      data-testid="guidance"
    >
      <Heading id="guidance-title" className="guidance__title">
        <span aria-hidden="true" className="guidance__icon">
          {tone === 'unknown' ? '⚠' : tone === 'error' ? '✕' : 'ℹ'}
        </span>{' '}
        {guidanceHeading(guidance, t)}
      </Heading>
      {guidance.doNotCollect ? (
        <p className="guidance__stop">{t('guide.doNotCollectAgain')}</p>
      ) : null}
      <p className="guidance__steps">{amountText(t(guidance.steps, guidance.params))}</p>
      {children ? <div className="guidance__actions">{children}</div> : null}
      {guidance.details ? (
        <details className="guidance__details">
          <summary>
            {t(guidance.detailsFrom === 'app' ? 'guide.detailsApp' : 'guide.details')}
          </summary>
          <p>
            <code>{guidance.details}</code>
          </p>
        </details>
      ) : null}
    </section>
  );
}
