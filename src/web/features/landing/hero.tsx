import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { InstallAppButton } from '#web/features/pwa/install-dialog.tsx';
import { CircleIllustration } from './circle-illustration.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

const trustKeys = ['hero.trust.noFees', 'hero.trust.security', 'hero.trust.anyDevice'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden bg-gradient-to-br from-brand-50 via-white to-amber-50"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-10 sm:pt-16 lg:grid-cols-2 lg:pb-24">
        <div className="min-w-0">
          <Badge className="px-3 py-1 text-sm">
            <Sparkles className="size-4" />
            {t('hero.badge')}
          </Badge>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">{t('hero.subtitle')}</p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/auth">
                {t('hero.getStarted')}
                <ArrowRight className="rtl:rotate-180" />
              </Link>
            </Button>
            <InstallAppButton variant="secondary" size="lg" />
          </div>

          <ul className="mt-6 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap">
            {trustKeys.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <CircleCheck className="size-4 shrink-0 text-brand-700" />
                {t(key)}
              </li>
            ))}
          </ul>

          <div className="mt-8 max-w-xl">
            <WaitlistForm />
          </div>
        </div>

        <CircleIllustration />
      </div>
    </section>
  );
}
