import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState, TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { LevelBadge, RiskBadge } from './badges.tsx';
import { FormulaNote, ReputationParts } from './formula.tsx';
import { type MemberReputation, type ReputationReply, reputationQueries } from './queries.ts';
import { RateDialog } from './rate-dialog.tsx';
import { WarnDialog } from './warn-dialog.tsx';

export type ReputationTabProps = {
  groupId: number;
  /**
   * The Remove Member button of an inactive member (admins only): the removal dialog with its money
   * rules lives with membership, and the page plugs it in here.
   */
  renderRemoveMember?: (member: MemberReputation) => ReactNode;
};

/** /group-management Reputation tab (spec 001 §2.3): every member's reputation, ratings and warnings. */
export function ReputationTab({ groupId, renderRemoveMember }: ReputationTabProps) {
  const { t } = useTranslation('reputation');
  const errorText = useErrorText();
  const query = useQuery(reputationQueries.group(groupId));
  if (query.isPending) return <TabSkeleton label={t('loading')} cards={2} />;
  if (query.isError)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        detail={errorText(query.error, 'reputation:loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  const inactive = data.members.filter((m) => m.status === 'inactive');
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="reputation-tab">
      <FormulaNote />
      {!data.peerRatingEnabled && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="peer-rating-off">
          {t('ratingOff')}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-1 gap-3">
            {data.members.map((member) => (
              <MemberRow key={member.id} data={data} member={member} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {data.isAdmin && (
        <Card data-testid="inactive-members">
          <CardHeader>
            <CardTitle>{t('inactive.title')}</CardTitle>
            <p className="text-sm text-slate-600">{t('inactive.description')}</p>
          </CardHeader>
          <CardContent>
            {inactive.length === 0 ? (
              <EmptyState
                icon={<Users aria-hidden className="size-6" />}
                title={t('inactive.none')}
                body={t('inactive.noneBody')}
              />
            ) : (
              <ul className="grid grid-cols-1 gap-2">
                {inactive.map((member) => (
                  <li
                    key={member.id}
                    className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
                    data-testid={`inactive-${member.id}`}
                  >
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-slate-900">
                        <bdi>{member.name}</bdi>
                      </p>
                      <p className="text-sm text-slate-600">
                        {t('inactive.record', {
                          missed: member.formula.trust.paymentRecord.missed,
                          onTime: member.paymentsOnTime,
                          total: member.totalPayments,
                        })}
                      </p>
                    </div>
                    {renderRemoveMember?.(member)}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function MemberRow({ data, member }: { data: ReputationReply; member: MemberReputation }) {
  const { t } = useTranslation('reputation');
  const format = useFormat();
  const own = member.id === data.viewerId;
  return (
    <li
      className="grid min-w-0 gap-3 rounded-xl border border-slate-200 p-4"
      data-testid={`reputation-${member.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words font-semibold text-slate-900">
          <bdi>{member.name}</bdi>
          {own && <span className="ms-2 text-sm font-normal text-slate-600">{t('you')}</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {member.status !== 'active' && (
            <Badge className="bg-slate-200 text-slate-800">{t(`status.${member.status}`)}</Badge>
          )}
          <LevelBadge level={member.level} />
          <span className="font-semibold tabular-nums text-slate-900" data-testid="reputation-score">
            {t('score', { score: format.number(member.reputationScore) })}
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t('fields.onTime')}>
          {member.onTimeRate === null
            ? t('onTimeNone')
            : t('onTimeRatio', {
                onTime: format.number(member.paymentsOnTime),
                total: format.number(member.totalPayments),
                rate: format.percent(member.onTimeRate, 0),
              })}
        </Item>
        <Item label={t('fields.joined')}>{format.instantDay(member.joinDate)}</Item>
        <Item label={t('fields.contributions')}>{format.money(member.contributions)}</Item>
        <Item label={t('fields.warnings')}>{format.number(member.warnings)}</Item>
        <Item label={t('fields.ratings')}>
          {member.ratings.average === null
            ? t('ratingsNone')
            : t('ratingsSummary', {
                average: format.number(member.ratings.average),
                count: member.ratings.count,
              })}
        </Item>
        <Item label={t('fields.risk')}>
          <RiskBadge risk={member.riskLevel} />
        </Item>
      </dl>
      {member.warningList && member.warningList.length > 0 && (
        <div className="grid gap-1">
          <p className="text-sm font-medium text-slate-900">{own ? t('warningsMine') : t('warningsGiven')}</p>
          <ul className="grid gap-1 text-sm text-slate-700">
            {member.warningList.map((w) => (
              <li key={w.id} className="break-words rounded-lg bg-amber-50 p-2">
                {t('warningLine', {
                  date: format.instantDay(w.createdAt),
                  name: w.issuedByName ?? t('formerAdmin'),
                  reason: w.reason,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          {t('why', { score: format.number(member.reputationScore) })}
        </summary>
        <div className="mt-2">
          <ReputationParts member={member} />
        </div>
      </details>
      {!own && (data.peerRatingEnabled || data.isAdmin) && (
        <div className="flex flex-wrap gap-2">
          {data.peerRatingEnabled && <RateDialog groupId={data.groupId} member={member} />}
          {data.isAdmin && <WarnDialog groupId={data.groupId} member={member} />}
        </div>
      )}
    </li>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
