import { Landmark, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function AccountsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3 p-4">
      <span className="sr-only">{t('status.loading')}</span>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

export function AccountsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('bankAccount');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <TriangleAlert className="size-10 text-red-600" aria-hidden />
      <p className="text-slate-700">{t('list.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </div>
  );
}

export function NoAccounts({ action }: { action: ReactNode }) {
  const { t } = useTranslation('bankAccount');
  return (
    <div className="flex flex-col items-center gap-3 p-10 text-center">
      <span className="rounded-full bg-brand-50 p-4 text-brand-700">
        <Landmark className="size-10" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold text-slate-900">{t('list.emptyTitle')}</h3>
      <p className="max-w-md text-slate-600">{t('list.emptyBody')}</p>
      {action}
    </div>
  );
}
