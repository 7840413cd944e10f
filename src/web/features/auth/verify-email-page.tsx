import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { ApiError } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { AccountLinkFrame, Notice, tokenFromLocation } from './account-link-frame.tsx';
import { accountLinkRequests } from './account-link-requests.ts';
import { authQueries } from './queries.ts';

/** Opens from the sign-up email: confirms the address once and says so, or why not. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const token = tokenFromLocation();
  const verify = useActionMutation({
    mutationFn: () => accountLinkRequests.verifyEmail(token),
    success: { shownOnScreen: 'the page says the address is verified' },
    failure: { shownOnScreen: 'the page says why the link did not work' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.user().queryKey }),
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  const code = verify.error instanceof ApiError ? verify.error.code : undefined;
  let body = <Spinner label={t('verify.checking')} />;
  if (!token || verify.isError) {
    const key =
      code === 'LINK_EXPIRED' ? 'verify.expired' : code === 'LINK_USED' ? 'verify.used' : 'verify.invalid';
    body = (
      <Notice tone="error" testId="verify-refused">
        {t(key)}
      </Notice>
    );
  } else if (verify.isSuccess)
    body = (
      <Notice tone="success" testId="verify-done">
        {t('verify.done')}
      </Notice>
    );
  return (
    <AccountLinkFrame title={t('verify.title')}>
      {body}
      <Link href="/dashboard" className="text-sm text-brand-700 underline-offset-4 hover:underline">
        {t('verify.continue')}
      </Link>
    </AccountLinkFrame>
  );
}
