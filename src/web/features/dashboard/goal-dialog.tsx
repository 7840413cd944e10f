import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { savingsGoalSchema } from '#shared/schemas/dashboard.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { Field, fieldAria } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { dashboardQueries } from './queries.ts';
import type { DashboardData } from './types.ts';

type GoalValues = z.infer<typeof savingsGoalSchema>;

/** Edits the user's own savings target and monthly goal, stored on the server. */
export function GoalDialog({ goal }: { goal: DashboardData['savingsGoal'] }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const form = useForm<GoalValues>({
    resolver: zodResolver(savingsGoalSchema),
    defaultValues: { target: goal.target, monthly: goal.monthly },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: GoalValues) => apiRequest('PUT', '/api/user/savings-goal', values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardQueries.all() });
      setOpen(false);
      toast({ title: t('goal.saved'), description: t('goal.savedBody') });
    },
    onError: (error) =>
      toast({
        title: t('goal.failed'),
        description: errorText(error, 'dashboard:goal.failedBody'),
        variant: 'destructive',
      }),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ target: goal.target, monthly: goal.monthly });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('goal.editLabel')}>
          <Pencil />
          {t('goal.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('goal.dialogTitle')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('goal.dialogBody')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid grid-cols-1 gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('goal.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('goal.saving') : t('goal.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
