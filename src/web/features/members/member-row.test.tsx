// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { MemberRow } from './members-tab.tsx';
import type { MemberRecord } from './queries.ts';

const member = (over: Partial<MemberRecord> = {}): MemberRecord => ({
  id: 1,
  userId: 11,
  name: 'Amara Okafor',
  username: 'amara',
  role: 'admin',
  isOwner: false,
  status: 'suspended',
  trustScore: 84,
  trustLevel: 'medium',
  contributionHistory: { paid: 3, missed: 1, late: 2 },
  bankVerified: true,
  identityVerified: false,
  position: 2,
  hasReceivedPayout: false,
  joinedAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

describe('MemberRow', () => {
  it('shows trust, status, counts, labelled verification icons, the co-admin badge and the actions slot', () => {
    renderInLanguage(
      <ul>
        <MemberRow member={member()} isViewer={false} actions={<button type="button">Remove</button>} />
      </ul>,
    );
    expect(screen.getByTestId('member-trust').textContent).toBe('Medium trust · 84');
    expect(screen.getByTestId('member-status').textContent).toBe('Suspended');
    expect(screen.getByTestId('member-counts').textContent).toBe('3 paid · 1 missed · 2 late');
    expect(screen.getByRole('img', { name: 'Bank account verified' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Identity not verified' })).toBeTruthy();
    expect(screen.getByTestId('member-role').textContent).toBe('Co-admin');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('calls the owner the owner, in Arabic too', () => {
    renderInLanguage(
      <ul>
        <MemberRow member={member({ isOwner: true, trustLevel: 'high', trustScore: 90 })} isViewer />
      </ul>,
      'ar',
    );
    expect(screen.getByTestId('member-role').textContent).toBe('المالك');
    expect(screen.getByTestId('member-trust').textContent).toBe('ثقة عالية · 90');
  });
});
