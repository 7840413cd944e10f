import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';
import { MoneyButton } from './money-button.tsx';

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (rendered as the dialog's trigger); none when opened from elsewhere. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The fields, or what the confirmation is about. */
  children?: ReactNode;
  /** Why the last submission failed, shown above the buttons and announced. */
  error?: string | null;
  cancelLabel: string;
  submitLabel: string;
  /** What the submit button says while the request is on its way; it stays disabled meanwhile. */
  pendingLabel: string;
  pending: boolean;
  /** Off while the form is not ready to send (a required field still blank). */
  canSubmit?: boolean;
  onSubmit: () => void;
  destructive?: boolean;
  /** "alertdialog" for a confirmation of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  submitTestId?: string;
  className?: string;
  /** Opened from a switch or a button, not a trigger: where focus goes back on close. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The app's dialog for a form or a confirmation: title, description, the fields, an error, and a
 * Cancel / submit footer. The submit button is off and says `pendingLabel` while the request runs,
 * so a second press cannot send it twice; Enter in a field submits, as in any form.
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const online = useOnline();
  // Offline nothing can be sent: the submit button says so (MoneyButton) and Enter does nothing.
  const disabled = props.pending || props.canSubmit === false || !online;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <DialogTrigger asChild>{props.trigger}</DialogTrigger>}
      <DialogContent
        closeLabel={t('common:actions.close')}
        role={props.role ?? 'dialog'}
        className={cn('max-h-[90vh] overflow-y-auto', props.className)}
        onCloseAutoFocus={props.onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{props.title}</DialogTitle>
          {props.description && (
            <DialogDescription className="text-sm text-slate-700">{props.description}</DialogDescription>
          )}
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!disabled) props.onSubmit();
          }}
        >
          {props.children}
          {props.error && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {props.error}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {props.cancelLabel}
              </Button>
            </DialogClose>
            <MoneyButton
              type="submit"
              variant={props.destructive ? 'destructive' : 'primary'}
              disabled={disabled}
              aria-busy={props.pending || undefined}
              data-testid={props.submitTestId}
            >
              {props.pending ? props.pendingLabel : props.submitLabel}
            </MoneyButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
