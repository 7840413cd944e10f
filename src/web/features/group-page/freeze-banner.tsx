import { Play, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { isolate } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useSetFrozen } from './use-set-frozen.ts';

/** Everyone sees that the circle is paused and what that means; admins can let it run again here. */
export function FrozenBanner({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('payouts');
  const unfreeze = useSetFrozen(detail.group.id);
  const canUnfreeze = detail.viewer.isAdmin && detail.group.status === 'active';
  return (
    <div
      className="mt-5 flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4"
      data-testid="frozen-banner"
    >
      <Snowflake aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-800" />
      <div className="grid flex-1 gap-1 text-sm">
        <p className="font-semibold text-sky-950">{t('banner.title')}</p>
        <p className="text-sky-950">{t('banner.body')}</p>
        {detail.group.frozenReason && (
          <p className="text-sky-950" data-testid="frozen-reason">
            {/* Typed by an admin in any script: isolated so it cannot reorder the sentence around it. */}
            {t('banner.reason', { reason: isolate(detail.group.frozenReason) })}
          </p>
        )}
        <p className="text-sky-900">
          {detail.viewer.isAdmin ? t('banner.adminHint') : t('banner.memberHint')}
        </p>
        {canUnfreeze && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-2 justify-self-start"
            onClick={() => unfreeze.mutate({ frozen: false })}
            disabled={unfreeze.isPending}
            data-testid="unfreeze-circle"
          >
            <Play aria-hidden className="rtl:rotate-180" />
            {unfreeze.isPending ? t('banner.unfreezing') : t('banner.unfreeze')}
          </Button>
        )}
      </div>
    </div>
  );
}
