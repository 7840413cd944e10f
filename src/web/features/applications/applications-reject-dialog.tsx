import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
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
import { Label } from '#web/components/ui/input.tsx';
import { useRejectApplication } from './applications-actions.ts';

/** Reject needs a reason the applicant will read; the button stays off while it is blank. */
export function RejectApplicationDialog({ applicant }: { applicant: PendingApplicant }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reject = useRejectApplication();
  const blank = reason.trim() === '';
  const id = `reject-reason-${applicant.id}`;

  const submit = () =>
    reject.mutate(
      { applicant, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <X aria-hidden />
          {t('card.reject')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {t('reject.title', { name: applicant.name })}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-700">{t('reject.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{t('reject.reason')}</Label>
          <textarea
            id={id}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            required
            className="min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600"
            placeholder={t('reject.placeholder')}
          />
        </div>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('reject.cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={submit} disabled={blank || reject.isPending}>
            {reject.isPending ? t('reject.rejecting') : t('reject.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
