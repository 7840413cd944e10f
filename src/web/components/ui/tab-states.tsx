import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Card, CardContent } from './card.tsx';
import { Skeleton } from './skeleton.tsx';

/** A tab's data could not be loaded: what failed (and why, when known), with a retry. */
export function TabLoadFailed(props: {
  message: string;
  detail?: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('groupPage');
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <TriangleAlert aria-hidden className="size-8 text-red-600" />
        <p className={props.detail ? 'font-semibold text-slate-900' : 'text-slate-700'}>{props.message}</p>
        {props.detail && <p className="text-sm text-slate-700">{props.detail}</p>}
        <Button variant="secondary" size="sm" onClick={props.onRetry} disabled={props.retrying}>
          {t('retry')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Placeholder cards while a tab loads; `label` is read out to screen readers. */
export function TabSkeleton({
  label,
  cards = 2,
  testId = 'tab-skeleton',
}: {
  label: string;
  cards?: number;
  testId?: string;
}) {
  return (
    <div role="status" className="grid gap-6" data-testid={testId}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i}>
          <CardContent className="grid gap-4 p-5">
            <Skeleton className="h-6 w-1/3 min-w-32" />
            <Skeleton className="h-3 w-full" />
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {[0, 1, 2, 3].map((j) => (
                <Skeleton key={j} className="h-10" />
              ))}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Nothing to show yet: an icon, a title and what will make it appear. */
export function EmptyState(props: { icon: ReactNode; title: string; body: string; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 p-8 text-center" data-testid={props.testId}>
      <span className="rounded-full bg-brand-50 p-3 text-brand-700">{props.icon}</span>
      <p className="font-semibold text-slate-900">{props.title}</p>
      <p className="max-w-sm text-sm text-slate-600">{props.body}</p>
    </div>
  );
}
