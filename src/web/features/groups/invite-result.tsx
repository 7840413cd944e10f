import { ShieldCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ApplicationSection } from './application-section.tsx';
import { MemberList } from './member-list.tsx';
import type { InviteLookup } from './types.ts';
import { useJoinGroup } from './use-group-mutations.ts';

/**
 * The group an invite code points to, and the way in while it has a free seat. Joining sends the
 * code that found it: the server lets nobody in by the group's id alone.
 */
export function InviteResult({
  lookup: { group, members, emergencyFund, rules },
  inviteCode,
}: {
  lookup: InviteLookup;
  inviteCode: string;
}) {
  const { t } = useTranslation('groups');
  const { t: ts } = useTranslation('groupSettings');
  const format = useFormat();
  const join = useJoinGroup();
  const open = group.status === 'recruiting';
  const canJoin = open && group.currentMembers < group.memberLimit;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle className="min-w-0 break-words">{group.name}</CardTitle>
        <Badge
          className={open ? 'shrink-0 bg-brand-100 text-brand-800' : 'shrink-0 bg-slate-200 text-slate-800'}
        >
          {open ? t('join.open') : t('join.full')}
        </Badge>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <Stat compact label={t('join.members')}>{`${group.currentMembers}/${group.memberLimit}`}</Stat>
          <Stat compact label={`${t('join.contribution')} · ${t(`frequency.${group.frequency}`)}`}>
            {format.money(group.contributionAmount)}
          </Stat>
          <Stat compact label={t('join.rotation')}>
            {t(`create.rotationMethods.${group.rotationMethod}.label`)}
          </Stat>
        </dl>
        {group.rotationMethod === 'random_draw' && group.seedHash && (
          <div className="rounded-xl bg-slate-50 p-3 text-sm">
            <p className="flex items-center gap-2 font-medium text-slate-800">
              <ShieldCheck className="size-4 text-brand-700" />
              {t('join.seedHash')}
            </p>
            <p className="mt-1 font-mono text-xs break-all text-slate-700" dir="ltr">
              {group.seedHash}
            </p>
            <p className="mt-1 text-xs text-slate-600">{t('join.seedHashHint')}</p>
          </div>
        )}
        {emergencyFund.percentage > 0 && (
          <p
            className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900"
            data-testid="invite-emergency-fund"
          >
            {ts('preview.emergency', {
              percent: emergencyFund.percentage,
              share: emergencyFund.shareAmount,
              payout: emergencyFund.payoutAmount,
            })}
          </p>
        )}
        {rules.length > 0 && (
          <div className="grid grid-cols-1 gap-2" data-testid="invite-rules">
            <p className="text-sm font-semibold text-slate-900">{ts('overviewCard')}</p>
            <ol className="grid grid-cols-1 gap-1 ps-5 text-sm [list-style:decimal]">
              {rules.map((rule, i) => (
                <li key={i} className="break-words">
                  <bdi className="font-medium">{rule.title}</bdi>
                  {rule.description && <p className="text-slate-600">{rule.description}</p>}
                </li>
              ))}
            </ol>
          </div>
        )}
        <MemberList names={members.map((m) => ({ id: m.id, name: m.user.fullName }))} />
        {canJoin && group.requireApproval && <ApplicationSection group={{ ...group, inviteCode }} />}
        {!canJoin ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t('join.fullMessage')}</p>
        ) : (
          !group.requireApproval && (
            <Button
              size="lg"
              disabled={join.isPending}
              onClick={() => join.mutate({ groupId: group.id, inviteCode, name: group.name })}
            >
              <UserPlus />
              {join.isPending ? t('join.joining') : t('join.join')}
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}
