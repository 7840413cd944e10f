import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-slate-200', className)} {...props} />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
