import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** A titled dashboard section that shows its list, or one honest sentence when the list is empty. */
export function SectionCard(props: {
  title: string;
  icon: LucideIcon;
  action?: ReactNode;
  empty?: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{props.title}</CardTitle>
        {props.action}
      </CardHeader>
      <CardContent>
        {props.empty ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <Icon className="size-10 text-slate-300" />
            <p className="text-slate-600">{props.empty}</p>
            {props.emptyAction}
          </div>
        ) : (
          props.children
        )}
      </CardContent>
    </Card>
  );
}
