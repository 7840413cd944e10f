import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function GroupPageSkeleton() {
  const { t } = useTranslation('groupPage');
  return (
    <div role="status" className="flex flex-col gap-4" data-testid="group-skeleton">
      <h1 className="sr-only">{t('loading')}</h1>
      <Card>
        <CardContent className="grid gap-5 p-6">
          <div className="flex justify-between gap-4">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-7 w-2/3 max-w-xs" />
              <Skeleton className="h-4 w-32" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-3 w-20" />
                <Skeleton className="h-6 w-24" />
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
      <Skeleton className="h-11 w-full rounded-xl" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-48 lg:col-span-2" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}
