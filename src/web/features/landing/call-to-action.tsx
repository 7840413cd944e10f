import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';

export function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mt-4 text-lg text-pretty text-brand-50">{t('cta.subtitle')}</p>
        <Button asChild size="lg" className="mt-8 bg-accent-400 text-slate-900 hover:bg-amber-300">
          <Link href="/auth">
            {t('cta.button')}
            <ArrowRight className="rtl:rotate-180" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
