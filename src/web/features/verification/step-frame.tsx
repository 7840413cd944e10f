import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationCheck, VerificationStatus } from '#shared/verification.ts';
import { CheckStatusBadge } from './status-badges.tsx';

/** One step of the Complete Verification dialog: its name, status and what to do next. */
export function StepFrame(props: {
  check: VerificationCheck;
  status: VerificationStatus;
  children: ReactNode;
}) {
  const { t } = useTranslation('verification');
  const headingId = `verification-step-${props.check}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {t(`checks.${props.check}`)}
        </h3>
        <CheckStatusBadge status={props.status} testId={`step-${props.check}-status`} />
      </div>
      {props.children}
    </section>
  );
}

export function StepText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}
