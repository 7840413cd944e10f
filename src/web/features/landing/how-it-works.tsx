import { HandCoins, type LucideIcon, Repeat, UserPlus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.tsx';

const steps: { key: string; icon: LucideIcon }[] = [
  { key: 'join', icon: UserPlus },
  { key: 'contribute', icon: Wallet },
  { key: 'receive', icon: HandCoins },
  { key: 'repeat', icon: Repeat },
];

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 bg-white py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="how-it-works-title"
          title={t('howItWorks.title')}
          subtitle={t('howItWorks.subtitle')}
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="relative rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <div className="flex items-center justify-between gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon className="size-6" />
                </span>
                <span className="text-sm font-semibold text-brand-800">
                  {t('howItWorks.stepLabel', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                {t(`howItWorks.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600">{t(`howItWorks.steps.${key}.description`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
