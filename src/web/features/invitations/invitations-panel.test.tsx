// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { InvitationsPanel } from './invitations-panel.tsx';

const pending = {
  id: 3,
  groupId: 7,
  email: 'lucia@example.org',
  invitedBy: 1,
  invitedByName: 'Ana',
  invitedDate: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  status: 'pending',
  closedAt: null,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ invitations: [pending] }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const recruiting = { id: 7, status: 'recruiting', currentMembers: 2, memberLimit: 5 };

describe('InvitationsPanel', () => {
  it('keeps Invite off while the trimmed email is empty (spec 001 §5)', async () => {
    renderInLanguage(<InvitationsPanel group={recruiting} />);
    const button = screen.getByTestId('invite-submit');
    const input = screen.getByLabelText('Email address');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: ' lucia@example.org ' } });
    expect(button).toHaveProperty('disabled', false);
    // The pending invitation is listed with Resend and Revoke.
    expect(await screen.findByText('lucia@example.org')).toBeTruthy();
    expect(screen.getByText('Resend')).toBeTruthy();
    expect(screen.getByText('Revoke')).toBeTruthy();
  });

  it('offers no form where the circle takes no members, in any language', async () => {
    renderInLanguage(<InvitationsPanel group={{ ...recruiting, status: 'active' }} />, 'ar');
    expect(screen.queryByTestId('invite-submit')).toBeNull();
    expect(screen.getByText('هذه المجموعة لا تستقبل أعضاءً الآن، لذا لا يمكن دعوة أحد.')).toBeTruthy();
    expect(await screen.findByText('lucia@example.org')).toBeTruthy();
  });
});
