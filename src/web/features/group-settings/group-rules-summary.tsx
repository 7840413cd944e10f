import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { groupSettingsQueries } from './queries.ts';

/** The group page's Overview: the circle's active rules, for every member. Nothing when there are none. */
export function GroupRulesSummary({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupSettings');
  const rules = useQuery(groupSettingsQueries.rules(groupId));
  const active = (rules.data?.rules ?? []).filter((r) => r.active);
  if (active.length === 0) return null;
  return (
    <Card className="min-w-0" data-testid="group-rules-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScrollText aria-hidden className="size-5 text-brand-700" />
          {t('overviewCard')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid grid-cols-1 gap-2 ps-5 text-sm [list-style:decimal]">
          {active.map((rule) => (
            <li key={rule.id} className="break-words">
              <span className="font-medium text-slate-900">
                <bdi>{rule.title}</bdi>
              </span>
              {rule.description && <p className="text-slate-600">{rule.description}</p>}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
