import { Clock, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PayoutNotReadyReason } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { cn } from '#web/lib/cn.ts';

const tone = {
  onboarding_required: {
    Icon: ShieldCheck,
    box: 'border-brand-200 bg-brand-50 text-slate-900',
    icon: 'text-brand-700',
  },
  under_review: { Icon: Clock, box: 'border-slate-200 bg-slate-50 text-slate-900', icon: 'text-slate-600' },
  rejected: { Icon: TriangleAlert, box: 'border-red-200 bg-red-50 text-red-950', icon: 'text-red-700' },
  bank_account_required: {
    Icon: TriangleAlert,
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    icon: 'text-amber-700',
  },
} as const;

/**
 * Why bank and instant withdrawals cannot be paid out yet, and the one thing to do about it: open
 * the processor's setup page, wait for its review, or connect the bank again.
 */
export function PayoutSetupCard(props: {
  reason: PayoutNotReadyReason;
  starting: boolean;
  onStart: () => void;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('withdrawal');
  const { Icon, box, icon } = tone[props.reason];
  return (
    <section
      className={cn('flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-start', box)}
      aria-labelledby="payout-setup-title"
      data-testid="payout-setup"
    >
      <Icon className={cn('size-5 shrink-0', icon)} aria-hidden />
      <div className="grid flex-1 gap-1">
        <h3 id="payout-setup-title" className="font-semibold">
          {t(`payoutSetup.${props.reason}.title`)}
        </h3>
        <p>{t(`payoutSetup.${props.reason}.body`)}</p>
      </div>
      {props.reason === 'onboarding_required' && (
        <MoneyButton
          size="sm"
          className="shrink-0"
          disabled={props.starting}
          onClick={props.onStart}
          type="button"
        >
          {props.starting ? t('payoutSetup.opening') : t('payoutSetup.start')}
        </MoneyButton>
      )}
      {props.reason === 'under_review' && (
        <MoneyButton
          size="sm"
          variant="secondary"
          className="shrink-0"
          disabled={props.checking}
          onClick={props.onCheckAgain}
          type="button"
        >
          {t('payoutSetup.checkAgain')}
        </MoneyButton>
      )}
      {props.reason === 'bank_account_required' && (
        <Button asChild size="sm" variant="secondary" className="shrink-0">
          <Link href="/bank-account">{t('destination.goToBankAccount')}</Link>
        </Button>
      )}
    </section>
  );
}
