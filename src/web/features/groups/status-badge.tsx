import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import type { GroupStatus } from './types.ts';

const tone: Record<GroupStatus, string> = {
  active: 'bg-brand-100 text-brand-800',
  recruiting: 'bg-amber-100 text-amber-900',
  completed: 'bg-slate-200 text-slate-800',
};

export function GroupStatusBadge({ status, className }: { status: GroupStatus; className?: string }) {
  const { t } = useTranslation('groups');
  return <Badge className={cn(tone[status], className)}>{t(`status.${status}`)}</Badge>;
}
