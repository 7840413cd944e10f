import { CheckCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { EscrowDispute } from './queries.ts';
import { ReasonField } from './reason-field.tsx';
import { useResolveDispute } from './use-escrow-actions.ts';

/** The member who opened the dispute, or an admin: close it, saying what was decided. */
export function ResolveDisputeDialog({ dispute, groupId }: { dispute: EscrowDispute; groupId: number }) {
  const { t } = useTranslation('escrow');
  const id = useId();
  const { own } = useFormat();
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState('');
  const resolve = useResolveDispute(groupId);
  const blank = resolution.trim() === '';

  const onOpenChange = (next: boolean) => {
    if (next) setResolution('');
    setOpen(next);
  };
  const submit = () =>
    resolve.mutate(
      { disputeId: dispute.id, resolution: resolution.trim() },
      { onSuccess: () => setOpen(false) },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" data-testid="resolve-dispute">
          <CheckCheck aria-hidden />
          {t('resolve.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('resolve.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-700">
            {t('resolve.description', { name: own(dispute.openedBy) })}
          </DialogDescription>
        </DialogHeader>
        <blockquote
          dir="auto"
          className="mb-4 border-s-4 border-red-300 ps-3 text-sm break-words whitespace-pre-line text-slate-800"
        >
          {dispute.reason}
        </blockquote>
        <ReasonField
          id={`${id}-resolution`}
          label={t('resolve.resolution')}
          hint={t('resolve.resolutionHint')}
          value={resolution}
          onChange={setResolution}
        />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel')}</Button>
          </DialogClose>
          <Button onClick={submit} disabled={blank || resolve.isPending}>
            {resolve.isPending ? t('resolve.sending') : t('resolve.submit')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
