// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const user = (emailVerified: boolean) => ({
  id: 1,
  username: 'ana',
  fullName: 'Ana',
  email: 'ana@example.org',
  bankAccountLast4: null,
  bankAccountVerified: false,
  isOperator: false,
  emailVerified,
  language: 'en',
  createdAt: '2026-03-01T12:00:00.000Z',
});

let calls: string[];
function serve(emailVerified: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const body = url === '/api/user' ? user(emailVerified) : { success: true };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe('VerifyEmailBanner', () => {
  beforeEach(() => {
    calls = [];
    sessionStorage.clear();
    document.cookie = 'sc_signed_in=1; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells an unconfirmed user where the link went, and resends it', async () => {
    serve(false);
    renderInLanguage(<VerifyEmailBanner />);
    expect(await screen.findByText(/we sent a link to ana@example\.org/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls).toContain('POST /api/auth/resend-verification'));
  });

  it('stays hidden for the rest of the browser session once dismissed', async () => {
    serve(false);
    const first = renderInLanguage(<VerifyEmailBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByTestId('verify-banner')).toBeNull();
    first.unmount();
    renderInLanguage(<VerifyEmailBanner />);
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/user').length).toBe(2));
    expect(screen.queryByTestId('verify-banner')).toBeNull();
  });

  it('shows nothing to a confirmed user', async () => {
    serve(true);
    renderInLanguage(<VerifyEmailBanner />);
    await waitFor(() => expect(calls).toContain('GET /api/user'));
    // Past the reply's render as well.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('verify-banner')).toBeNull();
  });
});
