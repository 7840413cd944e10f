import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { GroupStatusBadge } from '#web/features/groups/status-badge.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import { demoGroup } from './demo-seed.ts';

/** The sample circle: pool = contribution × current members; cycles remaining = total − current (the spec). */
export function DemoGroupCard({ name }: { name: string }) {
  const { t } = useTranslation('communicationDemo');
  const format = useFormat();
  const g = demoGroup;
  const pool = toCents(g.contributionAmount) * g.currentMembers;
  return (
    <Card data-testid="demo-group">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle>{name}</CardTitle>
        <GroupStatusBadge status={g.status} />
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Stat compact label={t('card.contribution')}>
            {format.money(g.contributionAmount)}
          </Stat>
          <Stat compact label={t('card.members')}>
            {format.ltr(`${format.number(g.currentMembers)}/${format.number(g.memberLimit)}`)}
          </Stat>
          <Stat compact label={t('card.pool')}>
            <span data-testid="demo-pool">{format.money(pool)}</span>
          </Stat>
          <Stat compact label={t('card.cyclesRemaining')}>
            <span data-testid="demo-cycles-remaining">{format.number(g.totalCycles - g.currentCycle)}</span>
          </Stat>
        </dl>
      </CardContent>
    </Card>
  );
}
