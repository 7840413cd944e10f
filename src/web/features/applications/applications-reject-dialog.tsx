import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { useRejectApplication } from './applications-actions.ts';

/** Reject needs a reason the applicant will read; the button stays off while it is blank. */
export function RejectApplicationDialog({ applicant }: { applicant: PendingApplicant }) {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reject = useRejectApplication();
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
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary">
          <X aria-hidden />
          {t('card.reject')}
        </Button>
      }
      title={t('reject.title', { name: applicant.name })}
      description={t('reject.description')}
      cancelLabel={t('reject.cancel')}
      submitLabel={t('reject.confirm')}
      pendingLabel={t('reject.rejecting')}
      pending={reject.isPending}
      canSubmit={reason.trim() !== ''}
      onSubmit={submit}
      destructive
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t('reject.reason')}</Label>
        <textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          required
          className={textareaClass}
          placeholder={t('reject.placeholder')}
        />
      </div>
    </FormDialog>
  );
}
