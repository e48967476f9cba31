import { useT } from '../i18n/use-t';
import type { Fragment } from '../stores/order-create-store';
import { SandboxedHtml } from './sandboxed-html';

/**
 * One of the service's HTML fragments, only ever inside SandboxedHtml (empty sandbox: no
 * scripts, no same origin, no bridge). A failure is a note, not a panel: the order itself was
 * created and stays the main news.
 */
export function OrderFragment({
  fragment,
  title,
  height,
}: {
  fragment: Fragment;
  title: string;
  height: number;
}) {
  const t = useT();
  return (
    <figure className="order-fragment">
      <figcaption>
        <strong>{title}</strong> <span className="muted">{t('orders.create.fragmentNote')}</span>
      </figcaption>
      {fragment.state === 'ready' ? (
        <SandboxedHtml html={fragment.html} src={fragment.src} title={title} height={height} />
      ) : fragment.state === 'loading' ? (
        <p role="status">{t('orders.create.fragmentLoading')}</p>
      ) : (
        <p className="note-warning">
          <span aria-hidden="true">⚠ </span>
          {t(fragment.guidance.title)}
          {fragment.guidance.details ? ` (${fragment.guidance.details})` : ''}
        </p>
      )}
    </figure>
  );
}
