import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { memberLimitChoices } from '#shared/schemas/groups.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { useFormat } from '#web/lib/format.ts';
import {
  browserTimeZone,
  type CreateGroupValues,
  createGroupFormSchema,
  defaultValues,
} from './create-group-schema.ts';
import { MoreSettings } from './more-settings.tsx';
import { PoolSummary } from './pool-summary.tsx';
import type { CreatedGroup } from './types.ts';
import { useCreateGroup } from './use-group-mutations.ts';

export function CreateGroupForm({ onCreated }: { onCreated: (group: CreatedGroup) => void }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const { user } = useCurrentUser();
  const create = useCreateGroup();
  const form = useForm<CreateGroupValues>({
    resolver: zodResolver(createGroupFormSchema),
    defaultValues: defaultValues(),
  });
  const { errors } = form.formState;
  const [frequency, amount, memberLimit] = form.watch(['frequency', 'contributionAmount', 'memberLimit']);

  const submit = form.handleSubmit((values) => {
    // Untouched, "today" and its day are the server's to say: the browser's clock or zone may differ.
    const { dirtyFields } = form.formState;
    const { startDate, contributionDay, ...rest } = values;
    create.mutate(
      {
        ...rest,
        ...(dirtyFields.startDate ? { startDate } : {}),
        ...(dirtyFields.startDate || dirtyFields.contributionDay ? { contributionDay } : {}),
        createdBy: user?.id,
        timeZone: browserTimeZone(),
      },
      { onSuccess: (group) => onCreated(group) },
    );
  });

  return (
    <form className="grid grid-cols-1 gap-5" noValidate onSubmit={submit}>
      <Field id="group-name" label={t('create.name')} error={errors.name}>
        <Input
          {...fieldAria('group-name', errors.name)}
          placeholder={t('create.namePlaceholder')}
          maxLength={80}
          {...form.register('name')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field
          id="group-amount"
          label={t(`create.amount.${frequency}`)}
          hint={t('create.amountHint')}
          error={errors.contributionAmount}
        >
          <Input
            {...fieldAria('group-amount', errors.contributionAmount, true)}
            type="number"
            inputMode="decimal"
            min={1}
            step={0.01}
            {...form.register('contributionAmount')}
          />
        </Field>
        <Field
          id="group-members"
          label={t('create.memberLimit')}
          hint={t('create.memberLimitHint')}
          error={errors.memberLimit}
        >
          <select
            {...fieldAria('group-members', errors.memberLimit, true)}
            className={selectClass}
            {...form.register('memberLimit', { valueAsNumber: true })}
          >
            {memberLimitChoices.map((n) => (
              <option key={n} value={n}>
                {format.number(n)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <PoolSummary amount={amount} memberLimit={memberLimit} />
      <MoreSettings form={form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost">
          <Link href="/dashboard">{t('create.cancel')}</Link>
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('create.submitting') : t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
