import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** One section of /settings: a titled card with a short explanation. */
export function SectionCard(props: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${props.id}-title`} role="region" data-testid={`settings-${props.id}`}>
      <CardHeader>
        <CardTitle id={`${props.id}-title`}>{props.title}</CardTitle>
        {props.description && <p className="text-sm text-slate-600">{props.description}</p>}
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}
