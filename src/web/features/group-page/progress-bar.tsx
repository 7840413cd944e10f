import { cn } from '#web/lib/cn.ts';

/** An accessible progress bar; `value` and `max` are counts, not money. */
export function ProgressBar(props: { value: number; max: number; label: string; className?: string }) {
  const percent = props.max > 0 ? Math.min(100, Math.round((props.value / props.max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={props.max}
      aria-valuenow={props.value}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-200', props.className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
