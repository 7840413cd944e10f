import '../../styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { CalendarSection } from '#web/features/account-data/calendar-section.tsx';
import { MyDataSection } from '#web/features/account-data/my-data-section.tsx';
import { i18nReady } from '#web/i18n/index.ts';
import { queryClient } from '#web/lib/query-client.ts';

/**
 * Test-only page (served by `vite`, never built into the app) showing the /settings sections before the
 * lead mounts them, with canned API replies: for screenshots in each language and width.
 */
const FEED = `${location.origin}/api/calendar/q8Xh2v0cZrW4mJ7yKp1sTn5bLd3eGf6aHu9iRo0wY2k.ics`;
let active = false;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
window.fetch = async (input, init) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/calendar/feed') && method === 'GET')
    return json({ active, createdAt: null, lastFetchedAt: null });
  if (url.endsWith('/api/calendar/feed') && method === 'POST') {
    active = true;
    return json({
      url: FEED,
      webcalUrl: FEED.replace(/^https?:/, 'webcal:'),
      createdAt: new Date().toISOString(),
    });
  }
  if (url.endsWith('/api/account/delete')) {
    const message = 'Your account cannot be deleted yet. Each reason is listed below.';
    return json(
      {
        success: false,
        code: 'ACCOUNT_DELETION_BLOCKED',
        message,
        error: message,
        issues: ['IN_ACTIVE_CIRCLE', 'WALLET_NOT_EMPTY', 'PENALTY_OWED'].map((key) => ({
          path: 'reasons',
          key,
          message: key,
        })),
      },
      409,
    );
  }
  return json({ success: true });
};

await i18nReady;
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <Suspense>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 p-4">
        <CalendarSection />
        <MyDataSection />
      </main>
      <Toaster />
    </Suspense>
  </QueryClientProvider>,
);
