import { cn } from '#web/lib/cn.ts';

/** A horizontal bar for a share already stated in text next to it (hence hidden from screen readers). */
export function ProgressBar({ value, max, className }: { value: number; max: number; className?: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div aria-hidden className={cn('h-2 overflow-hidden rounded-full bg-slate-200', className)}>
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
    </div>
  );
}
