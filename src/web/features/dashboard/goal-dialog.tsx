import { Pencil } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import type { DashboardData } from './types.ts';

const loadGoalForm = () => import('./goal-form.tsx').then((m) => ({ default: m.GoalForm }));
const GoalForm = lazy(loadGoalForm);

/**
 * Edits the user's own savings target and monthly goal, stored on the server. The form (and the
 * validation it brings) loads when the pointer or focus reaches the button, so the dashboard does
 * not carry it; each opening starts from the goal as it now is.
 */
export function GoalDialog({ goal }: { goal: DashboardData['savingsGoal'] }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="sm"
        aria-label={t('goal.editLabel')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadGoalForm()}
        onFocus={() => void loadGoalForm()}
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        <Pencil />
        {t('goal.edit')}
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <GoalForm
            key={openings}
            goal={goal}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
