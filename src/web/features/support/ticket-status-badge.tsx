import { useTranslation } from 'react-i18next';
import type { SupportTicketStatus } from '#shared/schemas/support.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

const tone: Record<SupportTicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
};

/** Spec 001 §2.6's labels: Open, In Progress, Resolved. */
export function TicketStatusBadge({ status }: { status: SupportTicketStatus }) {
  const { t } = useTranslation('support');
  return (
    <Badge className={cn('shrink-0', tone[status])} data-testid="ticket-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
