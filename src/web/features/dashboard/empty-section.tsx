import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** A dashboard section whose list is empty: title, icon and one honest sentence. */
export function EmptySection(props: {
  title: string;
  icon: LucideIcon;
  message: string;
  action?: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <Icon className="size-10 text-slate-300" />
        <p className="text-slate-600">{props.message}</p>
        {props.action}
      </CardContent>
    </Card>
  );
}
