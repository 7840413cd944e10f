import { ArrowDownToLine, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function RowsSkeleton({ rows = 2 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3 p-4">
      <span className="sr-only">{t('status.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('withdrawal');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
      <TriangleAlert className="size-8 text-red-600" aria-hidden />
      <p className="text-slate-700">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function NoWithdrawals() {
  const { t } = useTranslation('withdrawal');
  return (
    <div className="flex flex-col items-center gap-2 p-8 text-center">
      <span className="rounded-full bg-brand-50 p-3 text-brand-700">
        <ArrowDownToLine className="size-8" aria-hidden />
      </span>
      <h3 className="font-semibold text-slate-900">{t('list.emptyTitle')}</h3>
      <p className="max-w-sm text-sm text-slate-600">{t('list.emptyBody')}</p>
    </div>
  );
}
