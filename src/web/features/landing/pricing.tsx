import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatAmount, PAYOUT_FEE_BASIS_POINTS, PAYOUT_FEE_FIXED_CENTS } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatPercent, isolate } from '#web/lib/format.ts';
import { productEvent } from '#web/lib/product-event.ts';
import { SectionHeading } from './section-heading.tsx';

const includedKeys = ['noMonthly', 'noSetup', 'onlyOnPayout', 'transfers', 'security'] as const;

/**
 * The payout service fee (2.9% of the pool plus $0.30, only when a payout is received), from the
 * figures the server charges; each amount is a bidi isolate so "2.9%" and "$0.30" stay whole in Arabic.
 */
function useFeeText() {
  const { t, i18n } = useTranslation('landing');
  const locale = i18n.language;
  const percent = formatPercent(PAYOUT_FEE_BASIS_POINTS / 100, locale);
  // Some locales print "US$"; amounts on SaveCircle are always dollars, so a plain "$" is clearer.
  const fixed = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(formatAmount(PAYOUT_FEE_FIXED_CENTS) as `${number}`)
    .map((part) => (part.type === 'currency' ? '$' : part.value))
    .join('');
  return t('pricing.price', { percent: isolate(percent), fixed: isolate(fixed) });
}

/**
 * A view_pricing event (decision 0036) once per visit, when half the pricing card has been on screen:
 * a visitor who scrolled past the top of the page without reaching it has not seen the price.
 */
function useCountPricingView() {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = card.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        productEvent('view_pricing');
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return card;
}

export function Pricing() {
  const { t } = useTranslation('landing');
  const fee = useFeeText();
  const card = useCountPricingView();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="pricing-title" title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
        <div
          ref={card}
          className="mx-auto mt-12 max-w-md overflow-hidden rounded-3xl border-2 border-brand-700 bg-white shadow-xl"
        >
          <div className="bg-brand-700 px-6 py-4 text-center">
            <h3 className="text-lg font-semibold text-white">{t('pricing.planName')}</h3>
          </div>
          <div className="p-6 sm:p-8">
            <p className="text-center">
              <span className="block whitespace-nowrap text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
                {fee}
              </span>
              <span className="mt-1 block text-slate-600">{t('pricing.priceUnit')}</span>
            </p>
            <p className="mt-4 text-center text-sm text-slate-600">{t('pricing.description')}</p>
            <ul className="mt-6 grid gap-3">
              {includedKeys.map((key) => (
                <li key={key} className="flex items-start gap-3 text-slate-700">
                  <Check className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {t(`pricing.includes.${key}`)}
                </li>
              ))}
            </ul>
            <Button asChild size="lg" className="mt-8 w-full">
              <Link href="/auth">{t('pricing.cta')}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
