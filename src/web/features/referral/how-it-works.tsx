import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

const steps = ['share', 'signUp', 'contribute', 'reward'] as const;

/** Four steps, from sharing the link to the reward in the wallet. */
export function HowItWorks({ friendBonus }: { friendBonus: string }) {
  const { t } = useTranslation('referral');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('how.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
              >
                {index + 1}
              </span>
              <div className="grid gap-0.5">
                <span className="font-medium text-slate-900">{t(`how.${step}.title`)}</span>
                <span className="text-sm text-slate-600">
                  {t(`how.${step}.body`, { bonus: friendBonus })}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
