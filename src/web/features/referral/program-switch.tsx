import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { referralQueries, setProgramPaused } from './queries.ts';

/** Operators only: pause the program (referrals still count, rewards wait) or resume it (pays what waited). */
export function ProgramSwitch({ paused }: { paused: boolean }) {
  const { t } = useTranslation('referral');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: setProgramPaused,
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: referralQueries.overview().queryKey });
      toast({
        title: reply.paused ? t('operator.pausedToast') : t('operator.resumedToast'),
        description: reply.paused ? undefined : t('operator.paidOnResume', { count: reply.rewardsPaid }),
      });
    },
    onError: (error) =>
      toast({
        title: t('operator.failed'),
        description: errorText(error, 'referral:operator.failed'),
        variant: 'destructive',
      }),
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
