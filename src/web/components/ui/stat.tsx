import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * One figure of a definition list: label, value, an optional icon and hint. Use inside a <dl>.
 * `compact` is the card size (a line each, long values cut short); the default is a page's headline figure.
 */
export function Stat(props: {
  label: string;
  /** The figure; or pass it as children. */
  value?: ReactNode;
  children?: ReactNode;
  icon?: LucideIcon;
  hint?: ReactNode;
  compact?: boolean;
  className?: string;
  testId?: string;
}) {
  const Icon = props.icon;
  return (
    <div className={cn('flex min-w-0 flex-col', props.compact ? 'gap-0' : 'gap-1', props.className)}>
      <dt className={cn('text-xs text-slate-600', !props.compact && 'flex items-center gap-1.5 font-medium')}>
        {Icon && <Icon aria-hidden className="size-4 shrink-0 text-brand-700" />}
        {props.label}
      </dt>
      <dd
        className={cn(
          'font-semibold text-slate-900',
          props.compact ? 'truncate' : 'text-base break-words sm:text-lg',
        )}
        data-testid={props.testId}
      >
        {props.value ?? props.children}
      </dd>
      {props.hint && <dd className="text-xs text-slate-600">{props.hint}</dd>}
    </div>
  );
}
