import { FileText, Snowflake } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FreezeCircleDialog } from '#web/features/group-page/freeze-dialog.tsx';
import { TransferAdminTile } from '#web/features/ownership/transfer-admin-tile.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { statementCsvUrl } from './management-queries.ts';

/** Admins' action tiles (spec 001 §2.3), each doing what it says through the server. */
export function ActionTiles({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupManagement');
  const { group } = detail;
  return (
    <section
      aria-label={t('tiles.label')}
      className="grid grid-cols-1 gap-4 md:grid-cols-3"
      data-testid="action-tiles"
    >
      <Tile icon={<Snowflake aria-hidden className="size-5 text-sky-700" />} title={t('tiles.freeze.title')}>
        <p className="text-sm text-slate-600">{t('tiles.freeze.body')}</p>
        {group.frozen ? (
          <p className="text-sm font-medium break-words text-sky-900" data-testid="tile-frozen">
            {t('tiles.freeze.frozen')}{' '}
            <Link href={`/groups/${group.id}`} className="underline underline-offset-2">
              {t('tiles.freeze.toGroup')}
            </Link>
          </p>
        ) : group.status === 'active' ? (
          // The group page's freeze flow, reason dialog and all: one way to freeze a circle.
          <div>
            <FreezeCircleDialog groupId={group.id} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t('tiles.freeze.onlyActive')}</p>
        )}
      </Tile>
      <Tile
        icon={<FileText aria-hidden className="size-5 text-brand-700" />}
        title={t('tiles.reports.title')}
      >
        <p className="text-sm text-slate-600">{t('tiles.reports.body')}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link href={`/groups/${group.id}/statement`} data-testid="open-statement">
              {t('tiles.reports.open')}
            </Link>
          </Button>
          <Button asChild size="sm" variant="secondary">
            <a href={statementCsvUrl(group.id)} download data-testid="download-statement-csv">
              {t('tiles.reports.csv')}
            </a>
          </Button>
        </div>
      </Tile>
      <TransferAdminTile groupId={group.id} />
    </section>
  );
}

function Tile(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {props.icon}
          {props.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{props.children}</CardContent>
    </Card>
  );
}
