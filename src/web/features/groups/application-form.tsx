import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApplicationInput } from '#shared/schemas/applications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, textareaClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import {
  type ApplicationFormValues,
  applicationFormSchema,
  emptyApplication,
  toApplicationBody,
} from './application-form-schema.ts';
import { useSendApplication } from './use-application-mutations.ts';

/** The request to join a group that reviews its members, sent with the group's invite code. */
export function ApplicationForm({ group }: { group: { id: number; name: string; inviteCode: string } }) {
  const send = useSendApplication();
  return (
    <ApplicationRequestForm
      pending={send.isPending}
      onSubmit={(body) =>
        send.mutate({ groupId: group.id, inviteCode: group.inviteCode, name: group.name, body })
      }
    />
  );
}

/**
 * The application's fields: a reason, and what the applicant cares to add. Also filled when an
 * invitation by email leads into a circle that reviews its members (features/invitations).
 */
export function ApplicationRequestForm({
  onSubmit,
  pending,
}: {
  onSubmit: (body: ApplicationInput) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('applications');
  const form = useForm<ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: emptyApplication,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(toApplicationBody(values)));

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4" data-testid="application-form">
      <div>
        <h3 className="font-medium text-slate-900">{t('join.formTitle')}</h3>
        <p className="text-sm text-slate-600">{t('join.formHint')}</p>
      </div>
      <Field
        id="application-reason"
        label={t('join.reason')}
        hint={t('join.reasonHint')}
        error={errors.reason}
      >
        <textarea
          {...fieldAria('application-reason', errors.reason, true)}
          className={textareaClass}
          maxLength={500}
          required
          {...form.register('reason')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          id="application-income"
          label={t('join.monthlyIncome')}
          hint={t('join.selfReportedHint')}
          error={errors.monthlyIncome}
        >
          <Input
            {...fieldAria('application-income', errors.monthlyIncome, true)}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...form.register('monthlyIncome')}
          />
        </Field>
        <Field
          id="application-credit"
          label={t('join.creditScore')}
          hint={t('join.creditScoreHint')}
          error={errors.creditScore}
        >
          <Input
            {...fieldAria('application-credit', errors.creditScore, true)}
            type="number"
            inputMode="numeric"
            min={300}
            max={850}
            step={1}
            {...form.register('creditScore')}
          />
        </Field>
      </div>
      <Field id="application-referrer" label={t('join.referredBy')} error={errors.referredBy}>
        <Input
          {...fieldAria('application-referrer', errors.referredBy)}
          placeholder={t('join.referredByPlaceholder')}
          maxLength={100}
          {...form.register('referredBy')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={pending}>
        <Send />
        {pending ? t('join.sending') : t('join.send')}
      </Button>
    </form>
  );
}
