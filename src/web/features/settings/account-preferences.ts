import { useEffect } from 'react';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { authQueries } from '#web/features/auth/queries.ts';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { setDisplayTimeZone } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { settingsRequests } from './settings-requests.ts';

/**
 * The signed-in user's time zone decides how the app shows instants: applied when the user loads and
 * whenever /settings changes it. Mounted once in the signed-in header. The language is not forced
 * on load: a device keeps the language it shows (chosen there, or sent at sign-up), and choosing one
 * in the header or in /settings applies it and saves it to the account (chooseLanguage).
 */
export function useAccountPreferences() {
  const { user } = useCurrentUser();
  const timeZone = user?.timeZone;
  useEffect(() => {
    setDisplayTimeZone(timeZone);
  }, [timeZone]);
}

/**
 * Switches the app's language, and for a signed-in user saves it (so their emails follow): the
 * header's selector and the profile form both go through here and stay in step.
 */
export async function chooseLanguage(i18n: { changeLanguage: (code: string) => unknown }, code: string) {
  const key = authQueries.user().queryKey;
  const user = queryClient.getQueryData(key);
  await i18n.changeLanguage(code);
  if (!user || user.language === code) return;
  queryClient.setQueryData(key, (old: PublicUser | null | undefined) =>
    old ? { ...old, language: code } : old,
  );
  await settingsRequests.saveProfile({ language: code as 'en' }).catch(() => {
    queryClient.invalidateQueries({ queryKey: key });
  });
}
