import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { CalendarSection } from '#web/features/account-data/calendar-section.tsx';
import { MyDataSection } from '#web/features/account-data/my-data-section.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { EmailSection } from './email-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** The page's sections, in order; the calendar and my-data sections fetch what they need themselves. */
const sections: { id: string; Section: ComponentType<{ user: PublicUser }> }[] = [
  { id: 'profile', Section: ProfileSection },
  { id: 'password', Section: PasswordSection },
  { id: 'email', Section: EmailSection },
  { id: 'sessions', Section: SessionsSection },
  { id: 'notifications', Section: NotificationsSection },
  { id: 'calendar', Section: CalendarSection },
  { id: 'my-data', Section: MyDataSection },
];

/** /settings: the signed-in user's own account. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-slate-600">{t('subtitle')}</p>
      </div>
      {user ? (
        sections.map(({ id, Section }) => <Section key={id} user={user} />)
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  );
}
