import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { refreshBankAccounts } from './queries.ts';

/** Asks before removing: the account stops being used for contributions and withdrawals. */
export function RemoveDialog({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('bankAccount');
  const [open, setOpen] = useState(false);
  const names = { bankName: account.bankName, last4: account.last4 };
  const remove = useActionMutation({
    mutationFn: () => apiRequest('DELETE', `/api/bank-accounts/${account.id}`),
    success: () => ({ title: t('toast.removed') }),
    failure: { title: t('toast.removeFailed'), fallbackKey: 'bankAccount:toast.removeFailed' },
    onSettled: () => {
      setOpen(false);
      refreshBankAccounts();
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      trigger={
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50">
          <Trash2 />
          {t('actions.remove')}
        </Button>
      }
      title={t('remove.title')}
      description={t('remove.body', names)}
      cancelLabel={t('remove.cancel')}
      submitLabel={t('remove.confirm')}
      pendingLabel={t('remove.removing')}
      pending={remove.isPending}
      onSubmit={() => remove.mutate()}
      destructive
    />
  );
}
