import { Snowflake } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
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
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid="freeze-circle">
          <Snowflake aria-hidden />
          {t('freeze.action')}
        </Button>
      }
      title={t('freeze.title')}
      description={t('freeze.description')}
      cancelLabel={t('freeze.cancel')}
      submitLabel={t('freeze.confirm')}
      pendingLabel={t('freeze.freezing')}
      pending={freeze.isPending}
      canSubmit={reason.trim() !== ''}
      onSubmit={submit}
      submitTestId="confirm-freeze"
    >
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
          className={textareaClass}
        />
        <p id={`${ids}-reason-hint`} className="text-xs text-slate-600">
          {t('freeze.reasonHint')}
        </p>
      </div>
    </FormDialog>
  );
}
