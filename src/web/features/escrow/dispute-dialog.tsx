import { Flag } from 'lucide-react';
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
import type { Escrow } from './queries.ts';
import { ReasonField } from './reason-field.tsx';
import { useOpenDispute } from './use-escrow-actions.ts';

/** Any member: "Dispute this release", with a reason; the escrow is held until the dispute is resolved. */
export function DisputeDialog(props: { escrow: Escrow; groupId: number; recipient: string }) {
  const { t } = useTranslation('escrow');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const dispute = useOpenDispute(props.groupId);
  const blank = reason.trim() === '';

  const onOpenChange = (next: boolean) => {
    if (next) setReason('');
    setOpen(next);
  };
  const submit = () =>
    dispute.mutate({ escrow: props.escrow, reason: reason.trim() }, { onSuccess: () => setOpen(false) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="open-dispute">
          <Flag aria-hidden />
          {t('dispute.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {t('dispute.title', { cycle: props.escrow.cycleNumber })}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-700">
            {t('dispute.description', { name: props.recipient })}
          </DialogDescription>
        </DialogHeader>
        <ReasonField
          id={`${id}-reason`}
          label={t('dispute.reason')}
          hint={t('dispute.reasonHint')}
          value={reason}
          onChange={setReason}
        />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={submit} disabled={blank || dispute.isPending}>
            {dispute.isPending ? t('dispute.sending') : t('dispute.submit')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
