import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { referralQueries, setProgramPaused } from './queries.ts';

/** Operators only: pause the program (referrals still count, rewards wait) or resume it (pays what waited). */
export function ProgramSwitch({ paused }: { paused: boolean }) {
  const { t } = useTranslation('referral');
  const queryClient = useQueryClient();
  const change = useActionMutation({
    mutationFn: setProgramPaused,
    success: (reply) => ({
      title: reply.paused ? t('operator.pausedToast') : t('operator.resumedToast'),
      description: reply.paused ? undefined : t('operator.paidOnResume', { count: reply.rewardsPaid }),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralQueries.overview().queryKey }),
    failure: { title: t('operator.failed'), fallbackKey: 'referral:operator.failed' },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('operator.title')}</CardTitle>
        <p className="text-sm text-slate-600">{paused ? t('operator.isPaused') : t('operator.isRunning')}</p>
      </CardHeader>
      <CardContent>
        <Button
          type="button"
          variant={paused ? 'primary' : 'secondary'}
          disabled={change.isPending}
          onClick={() => change.mutate(!paused)}
          data-testid="referral-program-switch"
        >
          {change.isPending ? t('operator.saving') : paused ? t('operator.resume') : t('operator.pause')}
        </Button>
      </CardContent>
    </Card>
  );
}
