import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { AccountLinkFrame, Notice, tokenFromLocation } from '#web/features/auth/account-link-frame.tsx';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { settingsRequests } from './settings-requests.ts';

/** Opens from an email's footer, signed in or not: turns that kind of email off. */
export default function UnsubscribePage() {
  const { t } = useTranslation('settings');
  const token = tokenFromLocation();
  const unsubscribe = useActionMutation({
    mutationFn: () => settingsRequests.unsubscribe(token),
    success: { shownOnScreen: 'the page says which emails stop' },
    failure: { shownOnScreen: 'the page says the link is not valid' },
  });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  let body = <Spinner label={t('unsubscribe.working')} />;
  if (!token || unsubscribe.isError)
    body = (
      <Notice tone="error" testId="unsubscribe-refused">
        {t('common:errors.LINK_INVALID')}
      </Notice>
    );
  else if (unsubscribe.data)
    body = (
      <Notice tone="success" testId="unsubscribe-done">
        {t('unsubscribe.done', { kind: t(`notifications.kinds.${unsubscribe.data.kind}`) })}
      </Notice>
    );
  return (
    <AccountLinkFrame title={t('unsubscribe.title')}>
      {body}
      <Link href="/settings" className="text-sm text-brand-700 underline-offset-4 hover:underline">
        {t('unsubscribe.manage')}
      </Link>
    </AccountLinkFrame>
  );
}
