import { Snowflake } from 'lucide-react';
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
import { Label } from '#web/components/ui/input.tsx';
import { useSetFrozen } from './use-set-frozen.ts';

const REASON_MAX = 500;

/** Admin: pause an active circle. Every member is told why, so the reason is required. */
export function FreezeCircleDialog({ groupId }: { groupId: number }) {
  const { t } = useTranslation('payouts');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const freeze = useSetFrozen(groupId);
  const blank = reason.trim() === '';

  const submit = () =>
    freeze.mutate(
      { frozen: true, reason: reason.trim() },
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
        <Button variant="secondary" size="sm" data-testid="freeze-circle">
          <Snowflake aria-hidden />
          {t('freeze.action')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('freeze.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-700">{t('freeze.description')}</DialogDescription>
        </DialogHeader>
        <ul className="mb-4 grid list-disc gap-1 ps-5 text-sm text-slate-700">
          <li>{t('freeze.effectPayouts')}</li>
          <li>{t('freeze.effectDebits')}</li>
          <li>{t('freeze.effectRecording')}</li>
        </ul>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-reason`}>{t('freeze.reason')}</Label>
          <textarea
            id={`${ids}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REASON_MAX}
            required
            aria-describedby={`${ids}-reason-hint`}
            className="min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:border-brand-600"
          />
          <p id={`${ids}-reason-hint`} className="text-xs text-slate-600">
            {t('freeze.reasonHint')}
          </p>
        </div>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('freeze.cancel')}</Button>
          </DialogClose>
          <Button onClick={submit} disabled={blank || freeze.isPending} data-testid="confirm-freeze">
            {freeze.isPending ? t('freeze.freezing') : t('freeze.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
