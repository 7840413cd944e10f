import { useQuery } from '@tanstack/react-query';
import { MessagesSquare, Pin } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Composer } from '#web/features/chat/composer.tsx';
import type { ChatViewer } from '#web/features/chat/message-actions.ts';
import { MessageBubble } from '#web/features/chat/message-bubble.tsx';
import { chatQueries } from '#web/features/chat/queries.ts';
import { useGroupChat } from '#web/features/chat/use-group-chat.ts';

/**
 * Group management's message list: the send box (or why it is closed), the pinned messages in their
 * own section, then the rest newest first; admins pin and unpin from each message's menu.
 */
export function CommunicationMessages({ groupId, viewer }: { groupId: number; viewer: ChatViewer }) {
  const { t } = useTranslation('groupManagement');
  const chat = useGroupChat(groupId, viewer, 'management');
  const pinnedQuery = useQuery(chatQueries.pinned(groupId));
  const pinned = useMemo(() => [...(pinnedQuery.data ?? [])].sort((a, b) => b.id - a.id), [pinnedQuery.data]);
  const rest = useMemo(() => chat.messages.filter((m) => !m.isPinned).reverse(), [chat.messages]);

  return (
    <Card data-testid="communication-messages">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessagesSquare aria-hidden className="size-5 text-brand-700" />
          {t('communication.messages')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {chat.canWrite ? (
          <Composer onSend={chat.onSend} sending={chat.sending} />
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="chat-restricted">
            {t('chat:restricted')}
          </p>
        )}
        <section aria-labelledby={`pinned-${groupId}`} className="grid gap-2" data-testid="pinned-section">
          <h3
            id={`pinned-${groupId}`}
            className="flex items-center gap-1.5 text-sm font-semibold text-slate-800"
          >
            <Pin aria-hidden className="size-4 text-brand-700" />
            {t('communication.pinned')}
          </h3>
          {pinned.length === 0 ? (
            <p className="text-sm text-slate-600">{t('communication.noPinned')}</p>
          ) : (
            <ol className="flex flex-col gap-3 rounded-xl bg-brand-50 p-3">
              {pinned.map((m) => (
                <MessageBubble key={m.id} message={m} viewer={viewer} handlers={chat.handlers} />
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby={`recent-${groupId}`} className="grid gap-2" data-testid="recent-section">
          <h3 id={`recent-${groupId}`} className="text-sm font-semibold text-slate-800">
            {t('communication.recent')}
          </h3>
          {chat.status === 'success' && rest.length === 0 && (
            <p className="text-sm text-slate-600">{t('chat:empty')}</p>
          )}
          <ol className="flex max-h-96 flex-col gap-3 overflow-y-auto">
            {rest.map((m) => (
              <MessageBubble key={m.id} message={m} viewer={viewer} handlers={chat.handlers} />
            ))}
          </ol>
          {chat.hasOlder && (
            <Button variant="ghost" size="sm" onClick={chat.onLoadOlder} disabled={chat.loadingOlder}>
              {chat.loadingOlder ? t('chat:loadingOlder') : t('chat:loadOlder')}
            </Button>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
