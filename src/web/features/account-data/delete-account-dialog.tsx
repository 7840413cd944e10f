import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { authQueries } from '#web/features/auth/queries.ts';
import { ApiError } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { accountDataApi } from './queries.ts';

/**
 * Explains what deleting keeps and erases, asks for the password and a typed confirmation word, and
 * lists every reason the server gives when it refuses. Once deleted, the session is gone: the app
 * forgets everything it cached and goes to the landing page.
 */
export function DeleteAccountDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('accountData');
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const passwordId = useId();
  const wordId = useId();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const confirmWord = t('delete.confirmWord');
  const remove = useActionMutation({
    mutationFn: accountDataApi.deleteAccount,
    success: () => ({ title: t('delete.done') }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.user().queryKey, null);
      navigate('/');
    },
    failure: { shownOnScreen: 'the dialog lists what blocks the deletion, or the reason' },
  });
  const reasons =
    remove.error instanceof ApiError && remove.error.code === 'ACCOUNT_DELETION_BLOCKED'
      ? (remove.error.body?.issues ?? []).map((issue) => issue.key)
      : [];
  const ready = password.length > 0 && word.trim().toLocaleLowerCase() === confirmWord.toLocaleLowerCase();

  const close = (open: boolean) => {
    props.onOpenChange(open);
    if (!open) {
      setPassword('');
      setWord('');
      remove.reset();
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent closeLabel={t('close')} className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">
            {t('delete.dialogTitle')}
          </DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('delete.explain')}</DialogDescription>
        </DialogHeader>
        <ul className="mb-4 list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{t('delete.erased')}</li>
          <li>{t('delete.kept')}</li>
          <li>{t('delete.chat')}</li>
          <li>{t('delete.final')}</li>
        </ul>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) remove.mutate({ password });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={passwordId}>{t('delete.password')}</Label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={wordId}>{t('delete.typeWord', { word: confirmWord })}</Label>
            <Input id={wordId} autoComplete="off" value={word} onChange={(e) => setWord(e.target.value)} />
          </div>
          {remove.isError && (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              <p>{errorText(remove.error, 'accountData:failedBody')}</p>
              {reasons.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 ps-5">
                  {reasons.map((reason) => (
                    <li key={reason}>{t(`delete.reasons.${reason}`)}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!ready || remove.isPending}>
              {t('delete.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
