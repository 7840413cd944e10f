import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/tab-states.tsx';

/** What a member who is not an admin sees in an admin-only section (spec 001 §2.3). */
export function AdminAccessRequired({ section }: { section: 'settings' | 'approvals' }) {
  const { t } = useTranslation('groupManagement');
  return (
    <Card>
      <EmptyState
        icon={<ShieldAlert aria-hidden className="size-6" />}
        title={t('access.title')}
        body={t(`access.${section}`)}
        testId={`admin-access-required-${section}`}
      />
    </Card>
  );
}
