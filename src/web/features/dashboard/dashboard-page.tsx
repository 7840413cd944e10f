import { CalendarClock, History, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { EmptySection } from './empty-section.tsx';
import { QuickActions } from './quick-actions.tsx';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useCurrentUser();
  const firstName = user?.fullName.split(' ')[0] || user?.username;
  return (
    <div className="grid gap-6">
      <Card className="border-0 bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <CardContent className="p-6">
          <h1 className="text-2xl font-bold">{t('welcome.title', { name: firstName })}</h1>
          <p className="mt-1 text-brand-100">{t('welcome.subtitle')}</p>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <EmptySection
            title={t('groups.title')}
            icon={Users}
            message={t('groups.empty')}
            action={
              <Button asChild>
                <Link href="/create-group">{t('groups.create')}</Link>
              </Button>
            }
          />
          <EmptySection title={t('upcoming.title')} icon={CalendarClock} message={t('upcoming.empty')} />
          <EmptySection title={t('activity.title')} icon={History} message={t('activity.empty')} />
        </div>
        <QuickActions />
      </div>
    </div>
  );
}
