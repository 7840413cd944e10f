import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedCreated } from '#shared/schemas/account-data.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { accountDataApi, accountDataQueries } from './queries.ts';

/**
 * The private calendar feed: make it, copy or subscribe to it, make a new one (the old URL stops), or
 * turn it off. The server shows the URL only when it is made (it keeps only a hash), so after a
 * reload the section says a feed is on and offers a new URL instead.
 */
export function CalendarSection() {
  const { t } = useTranslation('accountData');
  const errorText = useErrorText();
  const urlId = useId();
  const queryClient = useQueryClient();
  const status = useQuery(accountDataQueries.calendarFeed());
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: accountDataQueries.calendarFeed().queryKey });
  const failed = { title: t('calendar.failed'), fallbackKey: 'accountData:failedBody' };

  const create = useActionMutation({
    mutationFn: accountDataApi.createFeed,
    success: { shownOnScreen: 'the new address appears in the section, to copy' },
    onSuccess: (feed) => {
      setCreated(feed);
      setConfirming(null);
      void refresh();
    },
    failure: failed,
  });
  const revoke = useActionMutation({
    mutationFn: accountDataApi.revokeFeed,
    success: () => ({ title: t('calendar.revoked') }),
    onSuccess: () => {
      setCreated(null);
      setConfirming(null);
      void refresh();
    },
    failure: failed,
  });

  const active = status.data?.active ?? false;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('calendar.copied') });
    } catch {
      toast({ title: t('calendar.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-5 text-brand-700" />
          {t('calendar.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('calendar.intro')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FeedState
          status={status}
          created={created}
          urlId={urlId}
          onCopy={copy}
          errorText={errorText(status.error, 'accountData:failedBody')}
        />

        <details className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">{t('calendar.howTo.title')}</summary>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            <li>{t('calendar.howTo.phone')}</li>
            <li>{t('calendar.howTo.google')}</li>
            <li>{t('calendar.howTo.outlook')}</li>
            <li>{t('calendar.howTo.private')}</li>
          </ul>
        </details>

        <div className="flex flex-wrap gap-2">
          {active || created ? (
            <>
              <Button type="button" variant="secondary" onClick={() => setConfirming('regenerate')}>
                {t('calendar.regenerate')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirming('revoke')}>
                {t('calendar.revoke')}
              </Button>
            </>
          ) : (
            <Button
              type="button"
              onClick={() => create.mutate()}
              disabled={create.isPending || status.isPending}
            >
              {t('calendar.create')}
            </Button>
          )}
        </div>
      </CardContent>

      <ConfirmDialog
        open={confirming === 'regenerate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('calendar.confirmRegenerate.title')}
        body={t('calendar.confirmRegenerate.body')}
        confirmLabel={t('calendar.confirmRegenerate.confirm')}
        pending={create.isPending}
        onConfirm={() => create.mutate()}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('calendar.confirmRevoke.title')}
        body={t('calendar.confirmRevoke.body')}
        confirmLabel={t('calendar.confirmRevoke.confirm')}
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </Card>
  );
}

function FeedState(props: {
  status: { isPending: boolean; isError: boolean; data?: { active: boolean } | null };
  created: CalendarFeedCreated | null;
  urlId: string;
  onCopy: (url: string) => void;
  errorText: string;
}) {
  const { t } = useTranslation('accountData');
  const { status, created } = props;
  if (status.isPending) return <p className="text-sm text-slate-600">{t('loading')}</p>;
  if (status.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {props.errorText}
      </p>
    );
  if (!created) {
    const words = status.data?.active ? t('calendar.activeHidden') : t('calendar.none');
    return <p className="text-sm text-slate-700">{words}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-slate-900">{t('calendar.createdTitle')}</p>
      <label htmlFor={props.urlId} className="text-sm text-slate-700">
        {t('calendar.urlLabel')}
      </label>
      <div className="flex gap-2">
        <Input
          id={props.urlId}
          readOnly
          dir="ltr"
          value={created.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={() => props.onCopy(created.url)}>
          <Copy aria-hidden />
          {t('calendar.copy')}
        </Button>
      </div>
      <Button asChild variant="primary" className="self-start">
        <a href={created.webcalUrl}>{t('calendar.subscribe')}</a>
      </Button>
      <p className="text-sm text-amber-800">{t('calendar.onlyOnce')}</p>
    </div>
  );
}
