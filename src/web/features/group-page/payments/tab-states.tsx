import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

/** Placeholder cards while a tab's figures load. */
export function TabSkeleton({ label, testId }: { label: string; testId?: string }) {
  return (
    <div role="status" className="grid gap-6" data-testid={testId}>
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}

/** A tab whose data could not be loaded: what failed, and a way to try again. */
export function TabLoadError(props: {
  message: string;
  detail: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('groupPage');
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <AlertTriangle aria-hidden className="size-8 text-red-600" />
        <p className="font-semibold text-slate-900">{props.message}</p>
        <p className="text-sm text-slate-700">{props.detail}</p>
        <Button variant="secondary" onClick={props.onRetry} disabled={props.retrying}>
          {t('retry')}
        </Button>
      </CardContent>
    </Card>
  );
}
