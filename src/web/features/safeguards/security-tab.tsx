import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { CustodyCard } from './custody-card.tsx';
import { PendingActionsCard } from './pending-actions-card.tsx';
import { securityQueries } from './queries.ts';
import { SafeguardsCard } from './safeguards-card.tsx';

/** Security tab: requests waiting for approval, the circle's safeguards, and who holds the money. */
export function SecurityTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const groupId = detail.group.id;
  const safeguards = useQuery(securityQueries.safeguards(groupId));
  const actions = useQuery(securityQueries.actions(groupId));

  if (safeguards.isPending || actions.isPending) return <TabSkeleton label={t('loading')} cards={3} />;
  const failed = safeguards.isError ? safeguards : actions.isError ? actions : null;
  if (failed)
    return (
      <TabLoadFailed
        message={errorText(failed.error, 'security:loadFailed')}
        onRetry={() => {
          if (safeguards.isError) void safeguards.refetch();
          if (actions.isError) void actions.refetch();
        }}
        retrying={safeguards.isFetching || actions.isFetching}
      />
    );
  const pendingActions = actions.data!.pendingActions;
  return (
    <div className="grid gap-6" data-testid="security-tab">
      <PendingActionsCard actions={pendingActions} groupId={groupId} viewerId={detail.viewer.userId} />
      <SafeguardsCard
        view={safeguards.data!}
        actions={pendingActions}
        groupId={groupId}
        memberLimit={detail.group.memberLimit}
      />
      <CustodyCard view={safeguards.data!} />
    </div>
  );
}
