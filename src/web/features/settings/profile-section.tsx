import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { type ProfileInput, profileSchema } from '#shared/schemas/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FormField, fieldAria } from '#web/features/auth/form-field.tsx';
import { authQueries } from '#web/features/auth/queries.ts';
import { languages } from '#web/i18n/languages.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { chooseLanguage } from './account-preferences.ts';
import { SectionCard } from './section-card.tsx';
import { settingsRequests } from './settings-requests.ts';

const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = (() => {
  const list =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', browserZone, ...list])];
})();

/** Full name, language (the app's and the emails'), time zone (the browser's offered first). */
export function ProfileSection({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('settings');
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      fullName: user.fullName,
      language: user.language as ProfileInput['language'],
      // A user who never chose gets the browser's zone proposed.
      timeZone: user.timeZone === 'UTC' ? browserZone : user.timeZone,
    },
  });
  const { errors } = form.formState;
  const save = useActionMutation({
    mutationFn: settingsRequests.saveProfile,
    // The language changes first, so the toast is in the language just chosen.
    onSuccess: async (_reply, input) => {
      if (input.language) await chooseLanguage(i18n, input.language);
      await queryClient.invalidateQueries({ queryKey: authQueries.user().queryKey });
    },
    success: () => ({ title: t('profile.saved') }),
    failure: { title: t('profile.failed'), fallbackKey: 'common:errors.VALIDATION_ERROR' },
  });

  return (
    <SectionCard id="profile" title={t('profile.title')} description={t('profile.description')}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormField id="profile-name" label={t('profile.fullName')} error={errors.fullName}>
          <Input
            {...fieldAria('profile-name', errors.fullName)}
            autoComplete="name"
            {...form.register('fullName')}
          />
        </FormField>
        <FormField id="profile-language" label={t('profile.language')} error={errors.language}>
          <select
            {...fieldAria('profile-language', errors.language)}
            className={selectClass}
            {...form.register('language')}
          >
            {languages.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="profile-zone" label={t('profile.timeZone')} error={errors.timeZone}>
          <select
            {...fieldAria('profile-zone', errors.timeZone)}
            className={selectClass}
            {...form.register('timeZone')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone === browserZone ? t('profile.thisDevice', { zone }) : zone}
              </option>
            ))}
          </select>
        </FormField>
        <p className="text-xs text-slate-500">{t('profile.timeZoneHint')}</p>
        <Button type="submit" disabled={save.isPending} className="justify-self-start">
          {save.isPending ? t('saving') : t('profile.save')}
        </Button>
      </form>
    </SectionCard>
  );
}
