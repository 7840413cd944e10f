// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { CalendarSection } from './calendar-section.tsx';
import { MyDataSection } from './my-data-section.tsx';

const FEED = 'http://localhost/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
let calls: string[];
let active: boolean;
let deleteReply: { status: number; body: unknown };

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/calendar/feed' && method === 'GET')
        return json({ active, createdAt: active ? '2026-03-01T12:00:00.000Z' : null, lastFetchedAt: null });
      if (url === '/api/calendar/feed' && method === 'POST') {
        active = true;
        return json({
          url: FEED,
          webcalUrl: FEED.replace('http:', 'webcal:'),
          createdAt: '2026-03-01T12:00:00.000Z',
        });
      }
      if (url === '/api/calendar/feed' && method === 'DELETE') {
        active = false;
        return json({ success: true });
      }
      if (url === '/api/account/delete') return json(deleteReply.body, deleteReply.status);
      return json({}, 404);
    }),
  );
}

describe('CalendarSection', () => {
  beforeEach(() => {
    calls = [];
    active = false;
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes a feed, shows its URL once with a webcal link, and asks before making a new one or turning it off', async () => {
    renderInLanguage(<CalendarSection />);
    await screen.findByText('You have no calendar feed yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    expect(await screen.findByDisplayValue(FEED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe in my calendar app' }).getAttribute('href')).toBe(
      FEED.replace('http:', 'webcal:'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    const regenerate = await screen.findByRole('dialog');
    expect(within(regenerate).getByText(/The old link stops working at once/)).toBeTruthy();
    fireEvent.click(within(regenerate).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(calls.filter((c) => c === 'POST /api/calendar/feed')).toHaveLength(2));

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off the feed' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/calendar/feed'));
    expect(await screen.findByText('You have no calendar feed yet.')).toBeTruthy();
  });

  it('says a feed is on without showing its URL after a reload', async () => {
    active = true;
    renderInLanguage(<CalendarSection />, 'fr');
    expect(await screen.findByText(/Votre agenda est activé/)).toBeTruthy();
    expect(screen.queryByDisplayValue(FEED)).toBeNull();
  });
});

describe('MyDataSection', () => {
  beforeEach(() => {
    calls = [];
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('links the downloads and lists every reason the server refuses a deletion for', async () => {
    deleteReply = {
      status: 409,
      body: {
        success: false,
        code: 'ACCOUNT_DELETION_BLOCKED',
        message: 'Your account cannot be deleted yet. Each reason is listed below.',
        error: 'Your account cannot be deleted yet. Each reason is listed below.',
        issues: [
          { path: 'reasons', key: 'IN_ACTIVE_CIRCLE', message: 'x' },
          { path: 'reasons', key: 'WALLET_NOT_EMPTY', message: 'x' },
        ],
      },
    };
    renderInLanguage(<MyDataSection />);
    expect(screen.getByRole('link', { name: /all my data/ }).getAttribute('href')).toBe(
      '/api/account/export',
    );
    expect(screen.getByRole('link', { name: /money history/ }).getAttribute('href')).toBe(
      '/api/account/export.csv',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    fireEvent.change(within(dialog).getByLabelText('Your current password'), {
      target: { value: 'secret-pass' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'delete' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Each reason is listed below');
    expect(alert.textContent).toContain('You are a member of an active circle.');
    expect(alert.textContent).toContain('Your wallet still has money in it.');
    expect(calls).toContain('POST /api/account/delete');
  });

  it('asks for the confirmation word in the reader language', async () => {
    renderInLanguage(<MyDataSection />, 'ar');
    fireEvent.click(screen.getByRole('button', { name: 'حذف حسابي…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('اكتب حذف للتأكيد')).toBeTruthy();
  });
});
