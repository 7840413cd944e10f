import { Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { dismissInstallCard, promptInstall, useInstallState } from './install-prompt.ts';

/** Shown only when the browser offers installation, the app is not standalone and the card was not dismissed. */
export function InstallCard() {
  const { t } = useTranslation('pwa');
  const { prompt, installed, dismissed } = useInstallState();
  if (!prompt || installed || dismissed) return null;
  return (
    <aside
      aria-label={t('card.title')}
      className="fixed inset-x-4 bottom-20 z-50 mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-xl lg:bottom-6"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" className="size-12 rounded-xl" width={48} height={48} />
        <div className="flex-1">
          <h2 className="font-semibold">{t('card.title')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('card.body')}</p>
          <Button size="sm" className="mt-3" onClick={() => void promptInstall()}>
            <Download />
            {t('installApp')}
          </Button>
        </div>
        <button
          type="button"
          onClick={dismissInstallCard}
          aria-label={t('card.dismiss')}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="size-5" />
        </button>
      </div>
    </aside>
  );
}
