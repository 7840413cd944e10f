import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { useCurrentUser } from './use-auth.ts';

const AuthPage = lazy(() => import('./auth-page.tsx'));

/** Spinner while the session is checked; the sign-in page in place of the page when signed out. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const { t } = useTranslation();
  if (isLoading) return <Spinner label={t('status.loading')} />;
  // A page the server drew signed in (decision 0048) whose session has since ended gives way to sign-in.
  if (!user)
    return (
      <>
        <PrerenderedHandOff />
        <AuthPage />
      </>
    );
  return children;
}
