import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import type { Contribution, Cycle, GroupStatus } from '#web/lib/group-detail.ts';
import { Badge } from './badge.tsx';

const groupTone: Record<GroupStatus, string> = {
  active: 'bg-green-100 text-green-800',
  recruiting: 'bg-amber-100 text-amber-900',
  completed: 'bg-slate-200 text-slate-700',
};

export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  const { t } = useTranslation('groupPage');
  const label = {
    active: t('status.active'),
    recruiting: t('status.recruiting'),
    completed: t('status.completed'),
  };
  return (
    <Badge className={cn(groupTone[status] ?? groupTone.completed)} data-testid="group-status">
      {label[status] ?? status}
    </Badge>
  );
}

const contributionTone: Record<Contribution['status'], string> = {
  paid: 'bg-green-100 text-green-800',
  reported: 'bg-sky-100 text-sky-900',
  processing: 'bg-indigo-100 text-indigo-900',
  pending: 'bg-amber-100 text-amber-900',
};

export function ContributionStatusBadges({ contribution }: { contribution: Contribution }) {
  const { t } = useTranslation('groupPage');
  const label = {
    paid: t('contribution.paid'),
    reported: t('contribution.reported'),
    processing: t('contribution.processing'),
    pending: t('contribution.pending'),
  };
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge className={contributionTone[contribution.status]}>{label[contribution.status]}</Badge>
      {contribution.late && <Badge className="bg-red-100 text-red-800">{t('contribution.late')}</Badge>}
      {contribution.overdue && <Badge className="bg-red-100 text-red-800">{t('contribution.overdue')}</Badge>}
    </span>
  );
}

const cycleTone: Record<Cycle['status'], string> = {
  completed: 'bg-green-100 text-green-800',
  current: 'bg-brand-100 text-brand-800',
  upcoming: 'bg-slate-100 text-slate-700',
};

export function CycleStatusBadge({ status }: { status: Cycle['status'] }) {
  const { t } = useTranslation('groupPage');
  const label = {
    completed: t('cycleStatus.completed'),
    current: t('cycleStatus.current'),
    upcoming: t('cycleStatus.upcoming'),
  };
  return <Badge className={cycleTone[status]}>{label[status]}</Badge>;
}
