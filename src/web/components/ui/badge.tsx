import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-800',
        className,
      )}
      {...props}
    />
  );
}
