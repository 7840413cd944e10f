import { type ComponentType, lazy, Suspense } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';

type TabPanel = ComponentType<{ detail: GroupDetail }>;
const panel = <M,>(module: Promise<M>, pick: (m: M) => TabPanel) =>
  module.then((m) => ({ default: pick(m) }));

/**
 * Every tab but the overview is its own chunk, fetched when first opened or pointed at: most visits
 * never leave the overview, and on a phone these tabs were most of the page's JavaScript.
 */
export const loadTabPanel = {
  rotation: () => panel(import('#web/features/rotation/rotation-tab.tsx'), (m) => m.RotationTab),
  schedule: () => panel(import('#web/features/schedule/schedule-tab.tsx'), (m) => m.ScheduleTab),
  members: () => panel(import('#web/features/members/members-tab.tsx'), (m) => m.MembersTab),
  escrow: () => panel(import('#web/features/escrow/escrow-tab.tsx'), (m) => m.EscrowTab),
  security: () => panel(import('#web/features/safeguards/security-tab.tsx'), (m) => m.SecurityTab),
  payments: () => panel(import('#web/features/payment-monitoring/payments-tab.tsx'), (m) => m.PaymentsTab),
  autopay: () => panel(import('#web/features/autopay/autopay-tab.tsx'), (m) => m.AutoPayTab),
  verification: () =>
    panel(import('#web/features/verification/verification-tab.tsx'), (m) => m.VerificationTab),
  chat: () => panel(import('#web/features/chat/chat-tab.tsx'), (m) => m.ChatTab),
  news: () => panel(import('#web/features/announcements/news-tab.tsx'), (m) => m.NewsTab),
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
