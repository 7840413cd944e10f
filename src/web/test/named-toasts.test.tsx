// @vitest-environment jsdom
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
import { useApproveApplication } from '#web/features/applications/applications-actions.ts';
import { useCancelAutopay } from '#web/features/autopay/use-autopay-actions.ts';
import { useUpdateSchedule } from '#web/features/schedule/use-update-schedule.ts';
import { useRequestWithdrawal } from '#web/features/withdrawal/use-request-withdrawal.ts';
import { testI18n, withToasts } from './render.tsx';
import { replyWith } from './reply-with.ts';

/** The spec's toasts the issue found missing, shown by a real render of the hook and the Toaster. */
const wrapper = withToasts('en');

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
