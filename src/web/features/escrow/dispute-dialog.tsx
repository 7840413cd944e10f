import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
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

  const onOpenChange = (next: boolean) => {
    if (next) setReason('');
    setOpen(next);
  };
  const submit = () =>
    dispute.mutate({ escrow: props.escrow, reason: reason.trim() }, { onSuccess: () => setOpen(false) });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" data-testid="open-dispute">
          <Flag aria-hidden />
          {t('dispute.open')}
        </Button>
      }
      title={t('dispute.title', { cycle: props.escrow.cycleNumber })}
      description={t('dispute.description', { name: props.recipient })}
      cancelLabel={t('cancel')}
      submitLabel={t('dispute.submit')}
      pendingLabel={t('dispute.sending')}
      pending={dispute.isPending}
      canSubmit={reason.trim() !== ''}
      onSubmit={submit}
      destructive
    >
      <ReasonField
        id={`${id}-reason`}
        label={t('dispute.reason')}
        hint={t('dispute.reasonHint')}
        value={reason}
        onChange={setReason}
      />
    </FormDialog>
  );
}
