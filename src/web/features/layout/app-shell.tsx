import type { ReactNode } from 'react';
import { VerifyEmailBanner } from '#web/features/auth/verify-email-banner.tsx';
import { useLiveUpdates } from '#web/features/live/use-live-updates.ts';
import { AppHeader } from './app-header.tsx';
import { BottomBar } from './bottom-bar.tsx';

/** Frame of every signed-in page. */
export default function AppShell({ children }: { children: ReactNode }) {
  // One live update stream for every signed-in page: open screens refetch what changed.
  useLiveUpdates();
  return (
    <div className="min-h-screen pb-20 lg:pb-0">
      <AppHeader />
      <VerifyEmailBanner />
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      <BottomBar />
    </div>
  );
}
