import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { savingsGoalSchema } from '#shared/schemas/dashboard.ts';
import { Field, fieldAria } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { dashboardQueries } from './queries.ts';
import type { DashboardData } from './types.ts';

type GoalValues = z.infer<typeof savingsGoalSchema>;

/** The savings goal's form, loaded when the member first opens it (goal-dialog.tsx). */
export function GoalForm(props: {
  goal: DashboardData['savingsGoal'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { goal, open, onOpenChange } = props;
  const { t } = useTranslation('dashboard');
  const form = useForm<GoalValues>({
    resolver: zodResolver(savingsGoalSchema),
    defaultValues: { target: goal.target, monthly: goal.monthly },
  });
  const { errors } = form.formState;
  const save = useActionMutation({
    mutationFn: (values: GoalValues) => apiRequest('PUT', '/api/user/savings-goal', values),
    success: () => ({ title: t('goal.saved'), description: t('goal.savedBody') }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardQueries.all() });
      onOpenChange(false);
    },
    failure: { title: t('goal.failed'), fallbackKey: 'dashboard:goal.failedBody' },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={props.onCloseAutoFocus}
      title={t('goal.dialogTitle')}
      description={t('goal.dialogBody')}
      cancelLabel={t('goal.cancel')}
      submitLabel={t('goal.save')}
      pendingLabel={t('goal.saving')}
      pending={save.isPending}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <div className="grid grid-cols-1 gap-4">
        {(['target', 'monthly'] as const).map((name) => (
          <Field key={name} id={`goal-${name}`} label={t(`goal.${name}Field`)} error={errors[name]}>
            <Input
              {...fieldAria(`goal-${name}`, errors[name])}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              {...form.register(name)}
            />
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}
