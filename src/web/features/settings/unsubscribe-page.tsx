import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { AccountLinkFrame, Notice, tokenFromLocation } from '#web/features/auth/account-link-frame.tsx';
import { settingsRequests } from './settings-requests.ts';

/** Opens from an email's footer, signed in or not: turns that kind of email off. */
export default function UnsubscribePage() {
  const { t } = useTranslation('settings');
  const token = tokenFromLocation();
  const unsubscribe = useMutation({ mutationFn: () => settingsRequests.unsubscribe(token) });
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
