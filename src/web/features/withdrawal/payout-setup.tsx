import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PayoutSetupCard } from './payout-setup-card.tsx';
import { withdrawalQueries } from './queries.ts';
import { usePayoutSetupReturn, useStartPayoutSetup } from './use-payout-setup.ts';

/** Whether bank and instant withdrawals can be paid out now; unknown (loading, failed) counts as yes; the server decides. */
export function usePayoutsReady() {
  const readiness = useQuery(withdrawalQueries.payoutReadiness());
  return readiness.data?.ready !== false;
}

/**
 * The payout setup step some processors need before paying out to a bank (Stripe: its hosted
 * onboarding). Nothing shows while payouts are ready, which with the sandbox is always.
 * Without any verified bank the destination's own notice already says what to do.
 */
export function PayoutSetup({ hasVerifiedBank }: { hasVerifiedBank: boolean }) {
  const readiness = useQuery(withdrawalQueries.payoutReadiness());
  const start = useStartPayoutSetup();
  const { mutate } = start;
  usePayoutSetupReturn(useCallback(() => mutate(), [mutate]));

  const data = readiness.data;
  if (!data || data.ready) return null;
  if (data.reason === 'bank_account_required' && !hasVerifiedBank) return null;
  return (
    <PayoutSetupCard
      reason={data.reason}
      // After success the browser is on its way to the processor's page: keep the button busy.
      starting={start.isPending || start.isSuccess}
      onStart={() => start.mutate()}
      checking={readiness.isFetching}
      onCheckAgain={() => void readiness.refetch()}
    />
  );
}
