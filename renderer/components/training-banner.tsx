import { useT } from '../i18n/use-t';

/** On every screen in training mode: nothing here is real money or a real customer. */
export function TrainingBanner() {
  const t = useT();
  return (
    <p className="training-banner" data-testid="training-banner">
      <span aria-hidden="true">⚑ </span>
      <strong>{t('training.bannerTitle')}</strong> {t('training.bannerText')}
    </p>
  );
}
