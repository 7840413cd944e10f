import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/tab-states.tsx';

/** Settings and reputation arrive with a later issue: say so rather than show sample data. */
export function NotYetAvailable({ section }: { section: 'settings' | 'reputation' }) {
  const { t } = useTranslation('groupManagement');
  return (
    <Card>
      <EmptyState
        icon={<Construction aria-hidden className="size-6" />}
        title={t('notYet.title', { section: t(`tabs.${section}`) })}
        body={t('notYet.body')}
        testId={`not-yet-${section}`}
      />
    </Card>
  );
}
