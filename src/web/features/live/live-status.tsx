import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useLiveStatus } from '#web/lib/live-status.ts';

/**
 * "Reconnecting…" while the live update stream is down after having been up (the chat screens show
 * it: meanwhile they poll every 3 s). Nothing while live, or before the first connection.
 */
export function LiveStatusBadge({ className }: { className?: string }) {
  const { t } = useTranslation('live');
  const status = useLiveStatus();
  if (status !== 'reconnecting') return null;
  return (
    <span
      role="status"
      title={t('reconnectingHint')}
      data-testid="live-reconnecting"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900',
        className,
      )}
    >
      <RefreshCw aria-hidden className="size-3 motion-safe:animate-spin" />
      {t('reconnecting')}
    </span>
  );
}
