// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { useApproveApplication } from '#web/features/applications/applications-actions.ts';
import { useCancelAutopay } from '#web/features/autopay/use-autopay-actions.ts';
import { useUpdateSchedule } from '#web/features/schedule/use-update-schedule.ts';
import { useRequestWithdrawal } from '#web/features/withdrawal/use-request-withdrawal.ts';
import { testI18n } from './render.tsx';
import { replyWith } from './reply-with.ts';

/** The spec's toasts the issue found missing, shown by a real render of the hook and the Toaster. */
function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n('en')}>
        {children}
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the toasts the spec names', () => {
  it("Save on the schedule: 'Schedule Updated'", async () => {
    replyWith({ success: true });
    const { result } = renderHook(() => useUpdateSchedule(7), { wrapper });
    act(() => result.current.mutate({ frequency: 'monthly' } as never));
    expect(await screen.findByText('Schedule Updated')).toBeTruthy();
  });

  it("Cancel Auto-Pay: 'Automatic Payments Canceled', and the refusal when the server says no", async () => {
    replyWith({ success: true });
    const { result } = renderHook(() => useCancelAutopay(7, 11), { wrapper });
    act(() => result.current.mutate());
    expect(await screen.findByText('Automatic Payments Canceled')).toBeTruthy();
    replyWith({ code: 'AUTOPAY_NOT_ACTIVE', message: 'x' }, 409);
    act(() => result.current.mutate());
    await waitFor(() =>
      expect(document.body.textContent).toContain(testI18n('en').t('common:errors.AUTOPAY_NOT_ACTIVE')),
    );
  });

  it("Approve applicant: 'Member approved'", async () => {
    replyWith({ success: true });
    const { result } = renderHook(useApproveApplication, { wrapper });
    act(() => result.current.mutate({ id: 3, name: 'Kofi Mensah' } as PendingApplicant));
    expect(await screen.findByText('Member approved')).toBeTruthy();
  });

  it("A withdrawal request: 'Withdrawal Requested' with the server's amounts", async () => {
    replyWith({
      withdrawal: { amount: '50.00', total: '51.50', method: 'ach' },
      wallet: { available: '0.00' },
    });
    const { result } = renderHook(useRequestWithdrawal, { wrapper });
    act(() => result.current.mutate({ amount: '50.00', method: 'ach' } as never));
    expect(await screen.findByText('Withdrawal Requested')).toBeTruthy();
    expect(document.body.textContent).toContain('$51.50');
  });
});
