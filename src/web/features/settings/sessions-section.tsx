import { useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useFormat } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { SectionCard } from './section-card.tsx';
import { settingsKeys, settingsRequests } from './settings-requests.ts';

/** Signed-in devices: this one marked, any other can be signed out, or all of them at once. */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const sessions = useQuery({ queryKey: settingsKeys.sessions, queryFn: settingsRequests.sessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
  const failure = { title: t('sessions.failed'), fallbackKey: 'settings:sessions.failed' };
  const signOut = useActionMutation({
    mutationFn: settingsRequests.signOutDevice,
    success: () => ({ title: t('sessions.signedOutOne') }),
    failure,
    onSettled: refresh,
  });
  const signOutOthers = useActionMutation({
    mutationFn: settingsRequests.signOutOthers,
    success: () => ({ title: t('sessions.signedOutOthers') }),
    failure,
    onSettled: refresh,
  });
  const list = sessions.data?.sessions ?? [];

  return (
    <SectionCard id="sessions" title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul className="grid gap-3" data-testid="session-list">
          {list.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3"
              data-testid="session-row"
            >
              <Monitor className="size-5 text-slate-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  <bdi>{session.browser}</bdi>{' '}
                  {session.current && <Badge data-testid="this-device">{t('sessions.thisDevice')}</Badge>}
                </p>
                <p className="text-xs text-slate-600">
                  {t('sessions.signedIn', { when: format.instant(session.createdAt) })} ·{' '}
                  {t('sessions.lastUsed', { when: format.instant(session.lastSeenAt) })}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={signOut.isPending}
                  onClick={() => signOut.mutate(session.id)}
                  aria-label={t('sessions.signOutLabel', { browser: session.browser })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length > 1 && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          {t('sessions.signOutOthers')}
        </Button>
      )}
    </SectionCard>
  );
}
