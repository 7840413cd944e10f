import type { ReactNode } from 'react';

/** One label/value pair of a card's figures; place inside a <dl>. */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="truncate font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
