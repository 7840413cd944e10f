// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';
import type { Contribution, GroupDetail } from '#web/lib/group-detail.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { debitInProgress, replyWith } from '#web/test/reply-with.ts';
import { CyclePayments } from './cycle-payments.tsx';

const contribution = (id: number, userName: string, status: Contribution['status']): Contribution => ({
  id,
  userId: id,
  userName,
  cycle: 2,
  amount: '100.00',
  status,
  dueDate: '2026-12-01',
  paidAt: null,
  paymentMethod: status === 'processing' ? 'bank_transfer' : 'cash',
  reference: null,
  late: false,
  overdue: false,
  penalty: '0.00',
  penaltyStatus: 'none',
});

const detail = {
  group: { id: 7, currentCycle: 2 },
  viewer: { userId: 99, isAdmin: true, position: 1 },
  members: [],
  currentCycle: { paidCount: 0, memberCount: 3 },
  contributions: [
    contribution(11, 'Ana Reyes', 'reported'),
    contribution(12, 'Kofi Mensah', 'processing'),
    contribution(13, 'Lucía Torres', 'pending'),
  ],
} as unknown as GroupDetail;

const row = (name: string) =>
  screen.getAllByTestId('payment-row').find((item) => item.textContent?.includes(name)) as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('CyclePayments', () => {
  it('offers Confirm only where the server can accept it: not while a bank payment is on its way', () => {
    renderInLanguage(<CyclePayments detail={detail} />);
    expect(within(row('Ana Reyes')).queryByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(row('Lucía Torres')).queryByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(row('Kofi Mensah')).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(row('Kofi Mensah')).queryByRole('button', { name: 'Record cash' })).toBeNull();
  });

  it("says why when the server refuses a confirmation, in the reader's language", async () => {
    replyWith(debitInProgress, 409);
    const user = userEvent.setup();
    renderInLanguage(
      <>
        <CyclePayments detail={detail} />
        <Toaster />
      </>,
      'fr',
    );
    await user.click(within(row('Ana Reyes')).getByRole('button', { name: 'Confirmer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.getByText('Impossible de confirmer le paiement')).toBeTruthy());
    expect(screen.getByText('Un paiement bancaire pour cette cotisation est déjà en cours')).toBeTruthy();
  });

  it('asks before recording cash: who, how much, for which cycle; Go back sends nothing', async () => {
    replyWith({});
    const user = userEvent.setup();
    renderInLanguage(<CyclePayments detail={detail} />);
    await user.click(within(row('Lucía Torres')).getByRole('button', { name: 'Record cash' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'You are recording that you received $100.00 in cash from Lucía Torres for cycle 2.',
    );
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('$100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(within(row('Lucía Torres')).getByRole('button', { name: 'Record cash' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Record cash' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/groups/7/contributions/record');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 13, method: 'cash' });
  });
});
