import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { announcementAudiences, announcementPriorities } from '#shared/schemas/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass, textareaClass } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import {
  type AnnouncementFormValues,
  announcementFormSchema,
  emptyAnnouncement,
} from './announcement-form-schema.ts';

/**
 * 'New Announcement': title, content, priority and audience, checked with the spec's messages before
 * anything is sent. `onCreate` resolves true when it was posted; the dialog then closes and resets.
 */
export function AnnouncementDialog(props: {
  onCreate(values: AnnouncementFormValues): Promise<boolean>;
  pending: boolean;
  /** Whether the reader may choose who hears it (admins); others post to all members. */
  chooseAudience?: boolean;
}) {
  const { t } = useTranslation('announcements');
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementFormSchema),
    defaultValues: emptyAnnouncement,
  });
  const { errors } = form.formState;
  const onOpenChange = (next: boolean) => {
    if (next) form.reset(emptyAnnouncement);
    setOpen(next);
  };
  const submit = form.handleSubmit(async (values) => {
    if (await props.onCreate(values)) setOpen(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button size="sm" data-testid="new-announcement">
          <Megaphone aria-hidden />
          {t('new')}
        </Button>
      }
      title={t('dialog.title')}
      description={t('dialog.description')}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('dialog.submit')}
      pendingLabel={t('dialog.sending')}
      pending={props.pending}
      onSubmit={() => void submit()}
      submitTestId="announcement-submit"
    >
      <div className="grid gap-4">
        <Field id={`${id}-title`} label={t('dialog.titleLabel')} error={errors.title}>
          <Input
            {...fieldAria(`${id}-title`, errors.title)}
            dir="auto"
            placeholder={t('dialog.titlePlaceholder')}
            data-testid="announcement-title"
            {...form.register('title')}
          />
        </Field>
        <Field id={`${id}-content`} label={t('dialog.contentLabel')} error={errors.content}>
          <textarea
            {...fieldAria(`${id}-content`, errors.content)}
            dir="auto"
            className={textareaClass}
            placeholder={t('dialog.contentPlaceholder')}
            data-testid="announcement-content"
            {...form.register('content')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-priority`} label={t('dialog.priorityLabel')} error={errors.priority}>
            <select
              {...fieldAria(`${id}-priority`, errors.priority)}
              className={selectClass}
              data-testid="announcement-priority"
              {...form.register('priority')}
            >
              {announcementPriorities.map((p) => (
                <option key={p} value={p}>
                  {t(`priority.${p}`)}
                </option>
              ))}
            </select>
          </Field>
          {props.chooseAudience !== false && (
            <Field id={`${id}-audience`} label={t('dialog.audienceLabel')} error={errors.audience}>
              <select
                {...fieldAria(`${id}-audience`, errors.audience)}
                className={selectClass}
                data-testid="announcement-audience"
                {...form.register('audience')}
              >
                {announcementAudiences.map((a) => (
                  <option key={a} value={a}>
                    {t(`audience.${a}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      </div>
    </FormDialog>
  );
}
