import { Landmark, ShieldCheck, Timer, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import type { EscrowView } from './queries.ts';

/** What the circle's safeguards do to every release, as they are set now. */
export function SafeguardsSummary({ view }: { view: EscrowView }) {
  const { t } = useTranslation('escrow');
  const { multiSignature, timeLockHours, thirdPartyCustody } = view.safeguards;
  return (
    <Card data-testid="escrow-safeguards">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('summary.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('summary.intro')}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5 sm:grid-cols-3">
          <Stat
            icon={Users}
            label={t('summary.multiSignature')}
            value={multiSignature === null ? t('summary.off') : t('summary.on')}
            hint={
              multiSignature === null
                ? t('summary.multiSignatureOff')
                : t('summary.multiSignatureOn', { count: multiSignature })
            }
            testId="summary-multi-signature"
          />
          <Stat
            icon={Timer}
            label={t('summary.timeLock')}
            value={timeLockHours === null ? t('summary.off') : t('summary.on')}
            hint={
              timeLockHours === null
                ? t('summary.timeLockOff')
                : t('summary.timeLockOn', { count: timeLockHours })
            }
          />
          <Stat
            icon={Landmark}
            label={t('summary.custody')}
            value={thirdPartyCustody ? t('summary.on') : t('summary.off')}
            hint={thirdPartyCustody ? t('summary.custodyOn') : t('summary.custodyOff')}
          />
        </dl>
        <p className="mt-4 text-xs text-slate-600">
          {view.viewer.isAdmin ? t('summary.adminHint') : t('summary.memberHint')}
        </p>
      </CardContent>
    </Card>
  );
}
