import { useTranslation } from 'react-i18next';
import { VERIFICATION_WEIGHTS, verificationChecks } from '#shared/verification.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { OwnVerification } from './queries.ts';
import { CheckStatusBadge } from './status-badges.tsx';

/** The viewer's four checks, what each is worth, and the way to complete them. */
export function OwnChecks(props: { me: OwnVerification; action: React.ReactNode }) {
  const { t } = useTranslation('verification');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('own.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('own.description')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 sm:grid-cols-2">
          {verificationChecks.map((check) => (
            <li
              key={check}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 px-3 py-2"
            >
              <span className="grid">
                <span className="font-medium text-slate-900">{t(`checks.${check}`)}</span>
                <span className="text-xs text-slate-600">
                  {t('checkPoints', { points: format.number(VERIFICATION_WEIGHTS[check]) })}
                </span>
              </span>
              <CheckStatusBadge status={props.me[check]} testId={`own-${check}`} />
            </li>
          ))}
        </ul>
        {props.action}
      </CardContent>
    </Card>
  );
}
