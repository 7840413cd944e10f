import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { type MemberReputation, useWarnMember } from './queries.ts';

/** Admins: a warning with a reason the member will read; it takes points off their reputation here. */
export function WarnDialog({ groupId, member }: { groupId: number; member: MemberReputation }) {
  const { t } = useTranslation('reputation');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const warn = useWarnMember(groupId);
  const id = `warn-reason-${member.id}`;
  const submit = () =>
    warn.mutate(
      { member, reason: reason.trim() },
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
        <Button variant="secondary" data-testid={`warn-${member.id}`}>
          <TriangleAlert aria-hidden />
          {t('warn.open')}
        </Button>
      }
      title={t('warn.title', { name: member.name })}
      description={t('warn.description')}
      cancelLabel={t('warn.cancel')}
      submitLabel={t('warn.submit')}
      pendingLabel={t('warn.submitting')}
      pending={warn.isPending}
      canSubmit={reason.trim() !== ''}
      onSubmit={submit}
      destructive
      submitTestId="warn-submit"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t('warn.reason')}</Label>
        <textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          required
          className={textareaClass}
          placeholder={t('warn.placeholder')}
        />
      </div>
    </FormDialog>
  );
}
