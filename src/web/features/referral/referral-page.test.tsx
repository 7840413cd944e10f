// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferralsReply } from '#shared/schemas/referrals.ts';
import { captureReferralCode, forgetReferralCode, storedReferralCode } from '#web/lib/referral-code.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { ProgramSwitch } from './program-switch.tsx';
import ReferralPage from './referral-page.tsx';

const overview: ReferralsReply = {
  code: 'K7PQ2MXA',
  paused: false,
  friendBonusCents: 500,
  stats: { totalReferrals: 2, activeReferrals: 1, totalEarned: 500, pendingRewards: 0 },
  tiers: [
    { referrals: 1, rewardCents: 500, status: 'paid' },
    { referrals: 5, rewardCents: 2_500, status: 'locked' },
    { referrals: 10, rewardCents: 6_000, status: 'locked' },
    { referrals: 25, rewardCents: 15_000, status: 'locked' },
  ],
  referrals: [
    { id: 2, firstName: 'Amara', status: 'pending', joinedAt: '2026-11-20T10:00:00.000Z' },
    { id: 1, firstName: 'Lucía', status: 'active', joinedAt: '2026-11-10T10:00:00.000Z' },
  ],
};

const reply = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

beforeEach(() => vi.stubGlobal('fetch', reply(overview)));
afterEach(() => {
  vi.unstubAllGlobals();
  forgetReferralCode();
});

describe('ReferralPage', () => {
  it('shows the code and link, stats, tiers and referrals by first name', async () => {
    renderInLanguage(<ReferralPage />);
    expect((await screen.findByTestId('referral-code')).textContent).toBe('K7PQ2MXA');
    expect(screen.getByText(`${window.location.origin}/?ref=K7PQ2MXA`)).toBeTruthy();
    expect(screen.getByTestId('stat-total').textContent).toBe('2');
    expect(screen.getByTestId('stat-earned').textContent).toBe('$5.00');
    expect(screen.getByTestId('tier-1').textContent).toContain('Paid');
    expect(screen.getByTestId('tier-5').textContent).toContain('1 of 5 active referrals');
    expect(screen.getByText('Amara')).toBeTruthy();
    expect(screen.getByText('Signed up')).toBeTruthy();
    const mail = screen.getByText('Email').closest('a')!;
    expect(mail.getAttribute('href')).toMatch(/^mailto:\?subject=.+&body=.*K7PQ2MXA/);
  });

  it('copies the invitation message when the device has no share dialog', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInLanguage(<ReferralPage />);
    fireEvent.click(await screen.findByText('Share'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(String((writeText.mock.calls[0] as unknown[])[0])).toContain('/?ref=K7PQ2MXA');
  });

  it('counts a share that went through as a referral_share event, naming no one', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetch = reply(overview);
    vi.stubGlobal('fetch', fetch);
    renderInLanguage(<ReferralPage />);
    fireEvent.click(await screen.findByText('Copy link'));
    const sent = () =>
      (fetch.mock.calls as unknown as [string, RequestInit?][]).filter(([url]) => url === '/api/events');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ name: 'referral_share' }) });
  });

  it('says when the program is paused and when no one has signed up yet', async () => {
    vi.stubGlobal('fetch', reply({ ...overview, paused: true, referrals: [] }));
    renderInLanguage(<ReferralPage />, 'fr');
    expect(await screen.findByTestId('referrals-empty')).toBeTruthy();
    expect(screen.getByText(/programme de parrainage est en pause/)).toBeTruthy();
  });
});

describe('ProgramSwitch', () => {
  it('asks the server to pause and keeps the button busy meanwhile', async () => {
    const fetch = reply({ paused: true, rewardsPaid: 0 });
    vi.stubGlobal('fetch', fetch);
    renderInLanguage(<ProgramSwitch paused={false} />);
    const button = screen.getByTestId('referral-program-switch');
    expect(button.textContent).toBe('Pause rewards');
    fireEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/referral-program');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ paused: true });
  });
});

describe('referral codes from links', () => {
  it('keeps a well-formed ?ref= code for the sign-up and ignores anything else', () => {
    captureReferralCode('?ref=<script>');
    expect(storedReferralCode()).toBeUndefined();
    captureReferralCode('?utm=x&ref=k7pq2mxa');
    expect(storedReferralCode()).toBe('K7PQ2MXA');
    captureReferralCode('');
    expect(storedReferralCode()).toBe('K7PQ2MXA');
    forgetReferralCode();
    expect(storedReferralCode()).toBeUndefined();
  });
});
