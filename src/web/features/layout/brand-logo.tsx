import { useTranslation } from 'react-i18next';

export function BrandLogo({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <img src="/icons/icon.svg" alt="" className="size-8" width={32} height={32} />
      <span className={light ? 'text-lg font-bold text-white' : 'text-lg font-bold text-brand-800'}>
        {t('brand')}
      </span>
    </span>
  );
}
