import { CheckCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" size="sm" data-testid="resolve-dispute">
          <CheckCheck aria-hidden />
          {t('resolve.open')}
        </Button>
      }
      title={t('resolve.title')}
      description={t('resolve.description', { name: own(dispute.openedBy) })}
      cancelLabel={t('cancel')}
      submitLabel={t('resolve.submit')}
      pendingLabel={t('resolve.sending')}
      pending={resolve.isPending}
      canSubmit={resolution.trim() !== ''}
      onSubmit={submit}
    >
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
    </FormDialog>
  );
}
