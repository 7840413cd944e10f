import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { FormDialog } from './form-dialog.tsx';

export type ConfirmRow = {
  label: ReactNode;
  value: ReactNode;
  /** The line the action comes to (what reaches someone, what leaves the wallet): set apart and bold. */
  total?: boolean;
  testId?: string;
};

export type ConfirmMoneyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that asks; none when a list opens the dialog for the row pressed. */
  trigger?: ReactNode;
  title: ReactNode;
  /** The whole action in one sentence: amount, who, what for. */
  question: ReactNode;
  rows: ConfirmRow[];
  /** What follows and whether it can be taken back. */
  consequence: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  submitTestId?: string;
};

/**
 * The step before an action that moves money or cannot be taken back (issue 17): what will happen —
 * amount, who, fee — from the server's figures, and a second press to do it. An alert dialog, so
 * focus starts inside it and Escape or "Go back" leaves everything as it was.
 */
export function ConfirmMoneyDialog(props: ConfirmMoneyDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      trigger={props.trigger}
      role="alertdialog"
      title={props.title}
      description={props.question}
      cancelLabel={t('confirmStep.goBack')}
      submitLabel={props.submitLabel}
      pendingLabel={props.pendingLabel}
      pending={props.pending}
      onSubmit={props.onConfirm}
      destructive={props.destructive}
      submitTestId={props.submitTestId}
    >
      <dl className="grid gap-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="confirm-summary">
        {props.rows.map((row, index) => (
          <div
            // The rows are fixed for one opening; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className={cn(
              'flex justify-between gap-3',
              row.total && 'border-t border-slate-200 pt-2 font-semibold',
            )}
          >
            <dt className={row.total ? 'text-slate-900' : 'text-slate-600'}>{row.label}</dt>
            <dd className="text-end text-slate-900 tabular-nums" data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">{props.consequence}</p>
    </FormDialog>
  );
}
