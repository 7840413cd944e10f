import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { refreshBankAccounts } from './queries.ts';

/** Asks before removing: the account stops being used for contributions and withdrawals. */
export function RemoveDialog({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('bankAccount');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const names = { bankName: account.bankName, last4: account.last4 };
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/bank-accounts/${account.id}`),
    onSuccess: () => toast({ title: t('toast.removed') }),
    onError: (error) =>
      toast({
        title: t('toast.removeFailed'),
        description: errorText(error, 'bankAccount:toast.removeFailed'),
        variant: 'destructive',
      }),
    onSettled: () => {
      setOpen(false);
      refreshBankAccounts();
    },
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50">
          <Trash2 />
          {t('actions.remove')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} role="alertdialog">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('remove.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('remove.body', names)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t('remove.cancel')}
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? t('remove.removing') : t('remove.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
