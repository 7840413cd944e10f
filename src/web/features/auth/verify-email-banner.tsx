import { X } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { accountLinkRequests } from './account-link-requests.ts';
import { useCurrentUser } from './use-auth.ts';

const DISMISSED_KEY = 'savecircle-verify-banner-dismissed';
const dismissedBefore = () => sessionStorage.getItem(DISMISSED_KEY) === '1';
// Kept in sessionStorage, which changes only through this banner (its own state says so at once).
const unchanging = () => () => {};

/** Tells a signed-in user whose address is unconfirmed, with "Resend"; closing it lasts for this browser session. */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const { user } = useCurrentUser();
  // A page the server drew (decision 0048) shows the banner; the browser then hides one closed before.
  const closedEarlier = useSyncExternalStore(unchanging, dismissedBefore, () => false);
  const [closedNow, setDismissed] = useState(false);
  const dismissed = closedEarlier || closedNow;
  const resend = useActionMutation({
    mutationFn: accountLinkRequests.resendVerification,
    success: () => ({
      title: t('banner.resent'),
      description: t('banner.resentBody', { email: user?.email }),
    }),
    failure: { title: t('banner.resendFailed'), fallbackKey: 'auth:banner.resendFailed' },
  });
  if (!user || user.emailVerified || dismissed) return null;
  return (
    <section
      aria-label={t('banner.label')}
      className="border-b border-amber-200 bg-amber-50"
      data-testid="verify-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-amber-900">
        <p className="flex-1">{t('banner.text', { email: user.email })}</p>
        <Button
          size="sm"
          variant="secondary"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {t('banner.resend')}
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={t('banner.dismiss')}
          onClick={() => {
            sessionStorage.setItem(DISMISSED_KEY, '1');
            setDismissed(true);
          }}
        >
          <X />
        </Button>
      </div>
    </section>
  );
}
