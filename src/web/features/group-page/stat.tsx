import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** One figure of a definition list: icon, label, value and an optional hint. Use inside a <dl>. */
export function Stat(props: {
  icon?: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = props.icon;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', props.className)}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        {Icon && <Icon aria-hidden className="size-4 shrink-0 text-brand-700" />}
        {props.label}
      </dt>
      <dd className="text-lg font-semibold break-words text-slate-900" data-testid={props.testId}>
        {props.value}
      </dd>
      {props.hint && <dd className="text-xs text-slate-600">{props.hint}</dd>}
    </div>
  );
}
