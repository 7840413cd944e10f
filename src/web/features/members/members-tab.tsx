import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { InvitationsPanel } from '#web/features/invitations/invitations-panel.tsx';
import { MemberDeparture } from '#web/features/membership/member-departure.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { MemberStatusBadge, RoleBadge, TrustBadge, VerificationIcons } from './member-badges.tsx';
import { MembersHeader, PayoutBadge } from './members-parts.tsx';
import { type MemberRecord, memberQueries, useSetMemberRole } from './queries.ts';

/**
 * The Members tab (spec 001 §2.2): every member's trust, status, paid / missed / late counts in this
 * circle and verification; the owner changes roles here. The invite panel goes above the list and
 * Remove / Leave in each row's `actions`.
 */
export function MembersTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const errorText = useErrorText();
  const groupId = detail.group.id;
  const query = useQuery(memberQueries.list(groupId));
  if (query.isPending) return <TabSkeleton label={t('members.loading')} cards={1} />;
  if (query.isError)
    return (
      <TabLoadFailed
        message={t('members.loadFailed')}
        detail={errorText(query.error, 'groupPage:members.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { members, viewer } = query.data;
  return (
    <Card>
      <MembersHeader group={detail.group} />
      <CardContent>
        {detail.viewer.isAdmin && <InvitationsPanel group={detail.group} />}
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="members-list">
          {members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              isViewer={m.userId === viewer.userId}
              actions={
                <>
                  {viewer.isOwner && !m.isOwner && <RoleControl groupId={groupId} member={m} />}
                  <MemberDeparture
                    member={m}
                    detail={detail}
                    viewer={viewer}
                    isViewer={m.userId === viewer.userId}
                  />
                </>
              }
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One member's card; `actions` is where buttons about this member go (role, remove, leave). */
export function MemberRow({
  member,
  isViewer,
  actions,
}: {
  member: MemberRecord;
  isViewer: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const initial = (member.name || member.username).trim().charAt(0).toUpperCase();
  const history = member.contributionHistory;
  return (
    <li className="grid min-w-0 gap-3 rounded-xl border border-slate-200 p-4" data-testid="member-row">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            {isViewer ? t('members.nameYou', { name: member.name }) : member.name}
          </h3>
          <p className="text-xs break-all text-slate-600" dir="ltr">
            {t('members.username', { username: member.username })}
          </p>
        </div>
        <RoleBadge member={member} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <TrustBadge member={member} />
        <MemberStatusBadge status={member.status} />
        <VerificationIcons member={member} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">{t('members.position')}</dt>
          <dd className="font-medium text-slate-900">
            {member.position === null ? t('members.notDrawn') : member.position}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.joined')}</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={member.joinedAt}>{format.instant(member.joinedAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.payout')}</dt>
          <dd>
            <PayoutBadge received={member.hasReceivedPayout} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('members.contributions')}</dt>
          <dd className="text-slate-900" data-testid="member-counts">
            {t('members.history', { paid: history.paid, missed: history.missed, late: history.late })}
          </dd>
        </div>
      </dl>
      {actions && (
        // Empty when nothing applies to this row (the owner's own card): no divider over nothing.
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3 empty:hidden">{actions}</div>
      )}
    </li>
  );
}

/** The owner's Make co-admin / Remove co-admin, confirmed in a dialog first. */
function RoleControl({ groupId, member }: { groupId: number; member: MemberRecord }) {
  const { t } = useTranslation('groupPage');
  const [open, setOpen] = useState(false);
  const setRole = useSetMemberRole(groupId);
  const promote = member.role === 'member';
  const key = promote ? 'promote' : 'demote';
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid="member-role-button">
          {t(`members.role.${key}`)}
        </Button>
      }
      title={t(`members.role.${key}Title`, { name: member.name })}
      description={t(`members.role.${key}Body`, { name: member.name })}
      cancelLabel={t('members.role.cancel')}
      submitLabel={t(`members.role.${key}`)}
      pendingLabel={t('members.role.saving')}
      pending={setRole.isPending}
      submitTestId="member-role-confirm"
      onSubmit={() =>
        setRole.mutate(
          { userId: member.userId, role: promote ? 'admin' : 'member', name: member.name },
          { onSuccess: () => setOpen(false) },
        )
      }
    />
  );
}
