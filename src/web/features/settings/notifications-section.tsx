import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '#shared/schemas/settings.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { SectionCard } from './section-card.tsx';
import { settingsKeys, settingsRequests } from './settings-requests.ts';

/** Per kind and channel; security messages always go out, so their switches are shown locked. */
export function NotificationsSection() {
  const { t } = useTranslation('settings');
  const preferences = useQuery({ queryKey: settingsKeys.preferences, queryFn: settingsRequests.preferences });
  const save = useActionMutation({
    mutationFn: settingsRequests.savePreference,
    success: { shownOnScreen: 'the switch stays where it was moved' },
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.preferences, saved),
    failure: { title: t('notifications.failed'), fallbackKey: 'settings:notifications.failed' },
  });
  const pending = save.isPending ? save.variables : undefined;
  const current: NotificationPreferences | undefined =
    preferences.data && pending
      ? {
          ...preferences.data,
          [pending.kind]: { ...preferences.data[pending.kind], [pending.channel]: pending.enabled },
        }
      : (preferences.data ?? undefined);
  const toggle = (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) => {
    if (kind !== 'security') save.mutate({ kind, channel, enabled });
  };

  return (
    <SectionCard
      id="notifications"
      title={t('notifications.title')}
      description={t('notifications.description')}
    >
      {!current ? (
        <Skeleton className="h-40" />
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start text-slate-600">
              <th className="py-2 text-start font-medium">{t('notifications.kind')}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} className="w-20 py-2 text-center font-medium">
                  {t(`notifications.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const locked = kind === 'security';
              return (
                <tr key={kind} className="border-t border-slate-100">
                  <th scope="row" className="py-3 text-start font-normal text-slate-800">
                    <span className="flex items-center gap-1.5">
                      {t(`notifications.kinds.${kind}`)}
                      {locked && (
                        <Lock className="size-3.5 text-slate-500" aria-label={t('notifications.locked')} />
                      )}
                    </span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="py-3 text-center">
                      <Switch
                        checked={current[kind][channel]}
                        disabled={locked}
                        aria-label={`${t(`notifications.kinds.${kind}`)} – ${t(`notifications.channels.${channel}`)}`}
                        data-testid={`pref-${kind}-${channel}`}
                        onCheckedChange={(on) => toggle(kind, channel, on)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-slate-500">{t('notifications.securityNote')}</p>
    </SectionCard>
  );
}
