import { Check, EllipsisVertical, Flag, Pin, PinOff, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Label } from '#web/components/ui/input.tsx';
import type { MessageChoice, MessageHandlers } from './message-actions.ts';

const icons = { approve: Check, pin: Pin, unpin: PinOff, report: Flag, delete: Trash2 } as const;

/** The ⋮ menu on a message: its choices, with a confirmation before deleting and a reason for reports. */
export function MessageMenu(props: {
  message: ChatMessage;
  choices: MessageChoice[];
  handlers: MessageHandlers;
}) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const [reason, setReason] = useState('');
  const { message, handlers } = props;
  if (props.choices.length === 0) return null;

  const choose = (choice: MessageChoice) => {
    if (choice === 'delete' || choice === 'report') {
      setReason('');
      setDialog(choice);
    } else if (choice === 'pin') handlers.onPin?.(message);
    else if (choice === 'unpin') handlers.onUnpin?.(message);
    else handlers.onApprove?.(message);
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t('menu.label')}
          data-testid={`message-menu-${message.id}`}
        >
          <EllipsisVertical aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {props.choices.map((choice) => {
              const Icon = icons[choice];
              return (
                <DropdownMenu.Item
                  key={choice}
                  onSelect={() => choose(choice)}
                  data-testid={`message-${choice}`}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 ${choice === 'delete' ? 'text-red-700' : 'text-slate-800'}`}
                >
                  <Icon aria-hidden className="size-4" />
                  {t(`menu.${choice}`)}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <FormDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        role="alertdialog"
        title={t('delete.title')}
        description={t('delete.body')}
        cancelLabel={t('cancel')}
        submitLabel={t('delete.submit')}
        pendingLabel={t('delete.submit')}
        pending={false}
        destructive
        submitTestId="confirm-delete-message"
        onSubmit={() => {
          handlers.onDelete?.(message);
          setDialog(null);
        }}
      />
      <FormDialog
        open={dialog === 'report'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('report.title')}
        description={t('report.body')}
        cancelLabel={t('cancel')}
        submitLabel={t('report.submit')}
        pendingLabel={t('report.submit')}
        pending={false}
        canSubmit={reason.trim() !== ''}
        submitTestId="confirm-report-message"
        onSubmit={() => {
          handlers.onReport?.(message, reason.trim());
          setDialog(null);
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`}>{t('report.reason')}</Label>
          <textarea
            id={`${id}-reason`}
            className={textareaClass}
            value={reason}
            maxLength={500}
            dir="auto"
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </FormDialog>
    </>
  );
}
