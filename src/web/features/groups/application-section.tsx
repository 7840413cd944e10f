import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApplicationForm } from './application-form.tsx';
import { applicationQueries, latestFor } from './application-queries.ts';
import { DeclinedRequest, PendingRequest } from './application-status.tsx';

/** For a group that reviews members: the request form, or where the user's request stands. */
export function ApplicationSection({ group }: { group: { id: number; name: string; inviteCode: string } }) {
  const mine = useQuery(applicationQueries.mine());
  if (mine.isPending) return <Skeleton className="h-40 rounded-xl" />;
  const latest = latestFor(mine.data?.applications, group.id);
  if (latest?.status === 'pending') return <PendingRequest application={latest} />;
  return (
    <div className="grid gap-4">
      {latest?.status === 'rejected' && !latest.closedBecauseFull && <DeclinedRequest application={latest} />}
      <ApplicationForm group={group} />
    </div>
  );
}
