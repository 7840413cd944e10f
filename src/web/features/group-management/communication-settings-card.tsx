import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CommunicationSettings } from '#shared/schemas/chat.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { chatQueries } from '#web/features/chat/queries.ts';
import { useSaveCommunicationSettings } from '#web/features/chat/use-chat-actions.ts';

const settingNames = [
  'membersCanMessage',
  'adminOnlyAnnouncements',
  'autoWarnings',
  'requireApproval',
] as const;

/** Admins: the circle's four communication switches, each saved as it is flipped. */
export function CommunicationSettingsCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupManagement');
  const settings = useQuery(chatQueries.settings(groupId));
  const save = useSaveCommunicationSettings(groupId);
  const current = settings.data;

  const flip = (name: keyof CommunicationSettings, on: boolean) => {
    if (current) save.mutate({ ...current, [name]: on });
  };

  return (
    <Card data-testid="communication-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-5 text-brand-700" />
          {t('communication.settings')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t('communication.settingsFailed')}
          </p>
        )}
        <ul className="grid gap-4">
          {settingNames.map((name) => (
            <li key={name} className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <p id={`${name}-label`} className="text-sm font-medium text-slate-900">
                  {t(`settingsNames.${name}`)}
                </p>
                <p id={`${name}-hint`} className="text-xs text-slate-600">
                  {t(`settingsHints.${name}`)}
                </p>
              </div>
              <Switch
                aria-labelledby={`${name}-label`}
                aria-describedby={`${name}-hint`}
                checked={current?.[name] ?? false}
                disabled={!current || save.isPending}
                onCheckedChange={(on) => flip(name, on)}
                data-testid={`setting-${name}`}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
