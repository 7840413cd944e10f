import { KeyRound, PlusCircle, TriangleAlert, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function GroupsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid grid-cols-1 gap-4">
      <span className="sr-only">{t('status.loading')}</span>
      <Skeleton className="h-11 w-full" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

export function GroupsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('groups');
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <TriangleAlert className="size-10 text-red-600" />
        <p className="text-slate-700">{t('list.loadFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The user belongs to no group at all. */
export function NoGroups() {
  const { t } = useTranslation('groups');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <span className="rounded-full bg-brand-50 p-4 text-brand-700">
          <Users className="size-10" />
        </span>
        <h2 className="text-xl font-semibold text-slate-900">{t('list.noGroupsTitle')}</h2>
        <p className="max-w-md text-slate-600">{t('list.noGroupsBody')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link href="/create-group">
              <PlusCircle />
              {t('list.createGroup')}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/join-group">
              <KeyRound />
              {t('list.joinGroup')}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function TabEmpty({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Users className="size-10 text-slate-300" />
        <p className="text-slate-600">{message}</p>
      </CardContent>
    </Card>
  );
}
