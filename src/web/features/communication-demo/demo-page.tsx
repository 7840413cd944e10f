import { RotateCcw, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { AnnouncementDialog } from '#web/features/announcements/announcement-dialog.tsx';
import { AnnouncementList } from '#web/features/announcements/announcement-list.tsx';
import { ChatPanel } from '#web/features/chat/chat-panel.tsx';
import type { ChatViewer, MessageHandlers } from '#web/features/chat/message-actions.ts';
import { SiteFooter } from '#web/features/landing/site-footer.tsx';
import { SiteHeader } from '#web/features/landing/site-header.tsx';
import { DemoGroupCard } from './demo-group-card.tsx';
import { useDemoSeed } from './demo-seed.ts';
import {
  addDemoAnnouncement,
  addDemoMessage,
  DEMO_VISITOR_ID,
  deleteDemoMessage,
  demoMessages,
  pinDemoMessage,
} from './demo-store.ts';
import { useDemoStore } from './use-demo-store.ts';

/** In the demo the visitor runs the circle, so every admin choice can be tried. */
const visitor: ChatViewer = { userId: DEMO_VISITOR_ID, isAdmin: true };

/**
 * /group-communication-demo: the real chat and announcement widgets on a sample circle, fed from
 * this browser's storage instead of the server. Nothing written here leaves the browser.
 */
export default function CommunicationDemoPage() {
  const { t } = useTranslation('communicationDemo');
  const seed = useDemoSeed();
  const { state, update, reset } = useDemoStore();
  const [sending, setSending] = useState(false);
  const messages = useMemo(() => demoMessages(seed.messages, state), [seed.messages, state]);
  const announcements = useMemo(
    () => [...seed.announcements, ...state.announcements],
    [seed.announcements, state.announcements],
  );

  const handlers: MessageHandlers = {
    onDelete: (m) => update((s) => deleteDemoMessage(s, m.id)),
    onPin: (m) => update((s) => pinDemoMessage(s, m.id, true)),
    onUnpin: (m) => update((s) => pinDemoMessage(s, m.id, false)),
  };
  const send = async (text: string) => {
    setSending(true);
    update((s) => addDemoMessage(s, text));
    setSending(false);
    return true;
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-1 gap-6 px-4 py-8">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="max-w-2xl text-slate-700">{t('subtitle')}</p>
          <p className="flex items-start gap-2 text-sm text-slate-600" data-testid="demo-privacy">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t('privacy')}
          </p>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button asChild>
              <Link href="/auth">{t('startCircle')}</Link>
            </Button>
            <Button variant="secondary" onClick={reset} data-testid="demo-reset">
              <RotateCcw aria-hidden />
              {t('reset')}
            </Button>
          </div>
        </div>
        <DemoGroupCard name={seed.name} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ChatPanel
            messages={messages}
            status="success"
            hasOlder={false}
            loadingOlder={false}
            onLoadOlder={() => {}}
            viewer={visitor}
            canWrite
            sending={sending}
            onSend={send}
            handlers={handlers}
          />
          <AnnouncementList
            announcements={announcements}
            isAdmin
            action={
              <AnnouncementDialog
                pending={false}
                onCreate={async (values) => {
                  update((s) => addDemoAnnouncement(s, values, t('visitorName')));
                  return true;
                }}
              />
            }
          />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
