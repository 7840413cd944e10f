import { Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { dismissInstallCard, promptInstall, useInstallState } from './install-prompt.ts';

/**
 * Shown only when the browser offers installation, the app is not standalone and the card was not
 * dismissed. Compact on a phone: it floats over the page the member opened, whose own content (the
 * contribution due, the pay button) must stay the larger part of the screen.
 */
export function InstallCard() {
  const { t } = useTranslation('pwa');
  const { prompt, installed, dismissed } = useInstallState();
  if (!prompt || installed || dismissed) return null;
  return (
    <aside
      aria-label={t('card.title')}
      className="fixed inset-x-4 bottom-20 z-50 mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-3 shadow-xl sm:p-4 lg:bottom-6"
    >
      <div className="flex items-start gap-3">
        <img
          src="/icons/icon-192.png"
          alt=""
          className="size-10 rounded-xl sm:size-12"
          width={48}
          height={48}
        />
        <div className="flex-1">
          <h2 className="font-semibold">{t('card.title')}</h2>
          <p className="mt-0.5 text-xs text-slate-600 sm:mt-1 sm:text-sm">{t('card.body')}</p>
          <Button size="sm" className="mt-2 sm:mt-3" onClick={() => void promptInstall()}>
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
