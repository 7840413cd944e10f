import { cn } from '#web/lib/cn.ts';

/** The share of `max` reached, 0–100, whole: a value outside 0…max (or not a number) is held at the nearest end. */
export function progressPercent(value: number, max: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  return Math.round((Math.min(Math.max(value, 0), max) / max) * 100);
}

/**
 * An accessible progress bar (role="progressbar" with its label and values, as screen readers expect);
 * `value` and `max` are counts, not money.
 */
export function ProgressBar(props: { value: number; max: number; label: string; className?: string }) {
  const max = Number.isFinite(props.max) && props.max > 0 ? props.max : 0;
  const now = Number.isFinite(props.value) ? Math.min(Math.max(props.value, 0), max) : 0;
  return (
    <div
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-200', props.className)}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width]"
        style={{ width: `${progressPercent(props.value, props.max)}%` }}
      />
    </div>
  );
}
