import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { useDeparture } from './queries.ts';
import { RemovalSummary, usePreview } from './removal-summary.tsx';

/** A member's own Leave, with the same preview of what leaving does to their money. */
export function LeaveCircleButton({ groupId, userId }: { groupId: number; userId: number }) {
  const { t } = useTranslation('membership');
  const [open, setOpen] = useState(false);
  const { preview, loading, refusal } = usePreview(groupId, userId, open);
  const departure = useDeparture(groupId, () => setOpen(false));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" className="justify-self-start">
          <LogOut aria-hidden className="size-4 rtl:rotate-180" />
          {t('leave.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold break-words">{t('leave.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('leave.intro')}</DialogDescription>
        </DialogHeader>
        {loading && <p className="text-sm text-slate-600">{t('loading')}</p>}
        {refusal && (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        )}
        {preview && <RemovalSummary preview={preview} own />}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={!preview || departure.isPending}
            onClick={() => departure.mutate({ userId, own: true })}
          >
            {t('leave.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
