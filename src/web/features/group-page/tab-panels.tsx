import { type ComponentType, lazy, Suspense } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';

type TabPanel = ComponentType<{ detail: GroupDetail }>;

/**
 * Every tab but the overview is its own chunk, fetched when first opened or pointed at: most visits
 * never leave the overview, and on a phone these tabs were most of the page's JavaScript.
 */
export const loadTabPanel = {
  rotation: () => import('#web/features/rotation/rotation-tab.tsx').then((m) => ({ default: m.RotationTab })),
  schedule: () => import('#web/features/schedule/schedule-tab.tsx').then((m) => ({ default: m.ScheduleTab })),
  members: () => import('#web/features/members/members-tab.tsx').then((m) => ({ default: m.MembersTab })),
  escrow: () => import('#web/features/escrow/escrow-tab.tsx').then((m) => ({ default: m.EscrowTab })),
  security: () =>
    import('#web/features/safeguards/security-tab.tsx').then((m) => ({ default: m.SecurityTab })),
  payments: () =>
    import('#web/features/payment-monitoring/payments-tab.tsx').then((m) => ({ default: m.PaymentsTab })),
  autopay: () => import('#web/features/autopay/autopay-tab.tsx').then((m) => ({ default: m.AutoPayTab })),
  verification: () =>
    import('#web/features/verification/verification-tab.tsx').then((m) => ({ default: m.VerificationTab })),
  chat: () => import('#web/features/chat/chat-tab.tsx').then((m) => ({ default: m.ChatTab })),
  news: () => import('#web/features/announcements/news-tab.tsx').then((m) => ({ default: m.NewsTab })),
};
export type LazyTab = keyof typeof loadTabPanel;

const panels = {} as Record<LazyTab, TabPanel>;
for (const tab of Object.keys(loadTabPanel) as LazyTab[]) panels[tab] = lazy(loadTabPanel[tab]);

export function LazyTabPanel({ tab, detail }: { tab: LazyTab; detail: GroupDetail }) {
  const Panel = panels[tab];
  return (
    <Suspense fallback={<Skeleton className="h-48 w-full" />}>
      <Panel detail={detail} />
      {/* A page drawn by the server on this tab is ready once the tab's own code has taken it over:
          a press made before then is repeated on it (decision 0048), not lost on a part not yet live. */}
      <PrerenderedHandOff />
    </Suspense>
  );
}
