import { UserMinus } from 'lucide-react';
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
import { useFormat } from '#web/lib/format.ts';
import { useDeparture } from './queries.ts';
import { RemovalSummary, usePreview } from './removal-summary.tsx';

/**
 * An admin's Remove on a member row: the dialog loads what the removal will do and says it before the
 * admin confirms; with the member vote on, confirming asks the members instead.
 */
export function RemoveMemberDialog({
  groupId,
  userId,
  name,
}: {
  groupId: number;
  userId: number;
  name: string;
}) {
  const { t } = useTranslation('membership');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const { preview, loading, refusal } = usePreview(groupId, userId, open);
  const departure = useDeparture(groupId, () => setOpen(false));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" className="justify-self-start">
          <UserMinus aria-hidden className="size-4" />
          {t('remove.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold break-words">
            {t('remove.title', { name: format.own(name) })}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('remove.intro')}</DialogDescription>
        </DialogHeader>
        {loading && <p className="text-sm text-slate-600">{t('loading')}</p>}
        {refusal && (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        )}
        {preview && <RemovalSummary preview={preview} own={false} />}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={!preview || departure.isPending}
            onClick={() => departure.mutate({ userId, own: false })}
          >
            {preview?.needsVote ? t('remove.askVote') : t('remove.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
