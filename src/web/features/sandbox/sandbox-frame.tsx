import { FlaskConical, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '#web/features/layout/language-selector.tsx';

/**
 * The frame of the sandbox provider's hosted pages: its own brand and the "Sandbox: no real money
 * moves" label. Outside the app's frame on purpose, as a processor's page would be.
 */
export function SandboxFrame(props: {
  icon: LucideIcon;
  brand: string;
  bannerBody: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('bankAccount');
  const Icon = props.icon;
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-3">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Icon className="size-5 text-brand-700" aria-hidden />
            {props.brand}
          </p>
          <LanguageSelector />
        </div>
      </header>
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
        <div
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-100 p-4 text-amber-950"
          role="note"
        >
          <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold" data-testid="sandbox-label">
              {t('sandbox.banner')}
            </p>
            <p className="text-sm">{props.bannerBody}</p>
          </div>
        </div>
        {props.children}
      </main>
    </div>
  );
}
