import { CalendarClock, type LucideIcon, ShieldCheck, UserCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SectionHeading } from './section-heading.tsx';

const features: { key: string; icon: LucideIcon }[] = [
  { key: 'secure', icon: ShieldCheck },
  { key: 'automated', icon: Zap },
  { key: 'flexible', icon: CalendarClock },
  { key: 'verification', icon: UserCheck },
];

export function Features() {
  const { t } = useTranslation('landing');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="features-title" title={t('features.title')} subtitle={t('features.subtitle')} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardContent className="p-6">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900">
                    {t(`features.items.${key}.title`)}
                  </h3>
                  <p className="mt-2 text-slate-600">{t(`features.items.${key}.description`)}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
