// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagementSummary } from '#shared/schemas/management.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { AdminAccessRequired } from './admin-access-required.tsx';
import { Cards } from './summary-cards.tsx';

const summary = (over: Partial<ManagementSummary> = {}): ManagementSummary => ({
  groupId: 3,
  status: 'active',
  frozen: false,
  frozenReason: null,
  totalMembers: 4,
  memberLimit: 5,
  pendingApprovals: 2,
  totalSavedCents: 123_450,
  groupScore: {
    score: 27,
    onTimeRate: 33,
    paidOnTime: 2,
    paidLate: 1,
    missed: 3,
    averageTrustScore: 17,
    weights: { onTime: 60, trust: 40 },
  },
  isAdmin: true,
  ...over,
});

describe('group management summary cards', () => {
  it('shows the stored figures, the score out of 100 with its formula, and the Group Active badge', () => {
    renderInLanguage(<Cards summary={summary()} />);
    expect(screen.getByTestId('summary-members').textContent).toBe('4 of 5');
    expect(screen.getByTestId('summary-pending').textContent).toBe('2');
    expect(screen.getByTestId('summary-saved').textContent).toBe('$1,234.50');
    expect(screen.getByTestId('summary-score').textContent).toBe('27/100');
    expect(screen.getByText('60% on-time payments (33%) + 40% average trust score (17)')).toBeTruthy();
    expect(screen.getByTestId('circle-badge').textContent).toBe('Group Active');
  });

  it('tells a member that pending approvals are for admins, a neutral score before anything is due, and a freeze', () => {
    renderInLanguage(
      <Cards
        summary={summary({
          pendingApprovals: null,
          isAdmin: false,
          frozen: true,
          groupScore: { ...summary().groupScore, score: 55, onTimeRate: null, averageTrustScore: 55 },
        })}
      />,
    );
    expect(screen.getByTestId('summary-pending').textContent).toBe('Admins only');
    expect(screen.getByText('Nothing is due yet: the members’ average trust score (55)')).toBeTruthy();
    expect(screen.getByTestId('circle-badge').textContent).toBe('Frozen');
  });

  it('says Admin Access Required with the spec’s texts', () => {
    renderInLanguage(
      <>
        <AdminAccessRequired section="settings" />
        <AdminAccessRequired section="approvals" />
      </>,
    );
    expect(screen.getAllByText('Admin Access Required')).toHaveLength(2);
    expect(screen.getByText('Only group administrators can manage these settings.')).toBeTruthy();
    expect(screen.getByText('Only group administrators can approve new members.')).toBeTruthy();
  });
});
