import { ArrowDown, Lock, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { LiveStatusBadge } from '#web/features/live/live-status.tsx';
import { useFormat } from '#web/lib/format.ts';
import { Composer } from './composer.tsx';
import type { ChatViewer, MessageHandlers } from './message-actions.ts';
import { MessageBubble } from './message-bubble.tsx';
import { useChatScroll } from './use-chat-scroll.ts';

export type ChatPanelProps = {
  /** Oldest first, as read top to bottom. */
  messages: ChatMessage[];
  status: 'pending' | 'error' | 'success';
  onRetry?: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The last older page asked for could not be loaded. */
  olderFailed?: boolean;
  /** The pages already held are being fetched again (it cancels an older page on its way). */
  refreshing?: boolean;
  onLoadOlder: () => void;
  viewer: ChatViewer;
  /** False when messaging is restricted to administrators and the reader is not one. */
  canWrite: boolean;
  sending: boolean;
  onSend(text: string): Promise<boolean>;
  handlers: MessageHandlers;
  /** The newest message has been in sight: mark the chat read up to it. */
  onReadUpTo?: (messageId: number) => void;
};

/**
 * The group chat, whatever feeds it (the server for a circle, the browser's storage for the demo):
 * 'Group Chat' with its count, the messages in a 24rem scrolling area, and the send box.
 */
export function ChatPanel(props: ChatPanelProps) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const { messages, hasOlder, loadingOlder, onLoadOlder } = props;
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const scroll = useChatScroll({
    firstId,
    lastId,
    loadingOlder,
    olderFailed: props.olderFailed ?? false,
    refreshing: props.refreshing ?? false,
    onNearTop: () => {
      if (hasOlder && !loadingOlder) onLoadOlder();
    },
  });

  // Read once the newest message has been at the bottom of the reader's view.
  const lastRead = useRef(0);
  const { onReadUpTo } = props;
  useEffect(() => {
    if (!onReadUpTo || !scroll.atBottom || !lastId || lastId <= lastRead.current) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    lastRead.current = lastId;
    onReadUpTo(lastId);
  }, [onReadUpTo, scroll.atBottom, lastId]);

  const send = async (text: string) => {
    scroll.followNext();
    return props.onSend(text);
  };

  return (
    <Card data-testid="chat-panel">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <MessageCircle aria-hidden className="size-5 text-brand-700" />
          {t('title')}
        </CardTitle>
        <div className="flex items-center gap-2">
          <LiveStatusBadge />
          <Badge data-testid="chat-count">
            <span aria-hidden>{format.number(messages.length)}</span>
            <span className="sr-only">{t('count', { count: messages.length })}</span>
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="relative">
          <div
            ref={scroll.ref}
            onScroll={scroll.onScroll}
            className="h-96 overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 [overflow-anchor:none]"
            data-testid="chat-scroll"
          >
            {props.status === 'pending' && <Spinner label={t('loading')} />}
            {props.status === 'error' && (
              <div role="alert" className="flex flex-col items-center gap-2 p-6 text-center text-sm">
                <p className="text-slate-700">{t('loadFailed')}</p>
                {props.onRetry && (
                  <Button size="sm" variant="secondary" onClick={props.onRetry}>
                    {t('retry')}
                  </Button>
                )}
              </div>
            )}
            {props.status === 'success' && messages.length === 0 && (
              <p className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600">
                {t('empty')}
              </p>
            )}
            {hasOlder && (
              <div className="flex justify-center pb-2">
                <Button size="sm" variant="ghost" onClick={onLoadOlder} disabled={loadingOlder}>
                  {loadingOlder ? t('loadingOlder') : t('loadOlder')}
                </Button>
              </div>
            )}
            <div role="log" aria-live="polite" aria-label={t('title')}>
              <ol className="flex flex-col gap-3">
                {messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    viewer={props.viewer}
                    handlers={props.handlers}
                  />
                ))}
              </ol>
            </div>
          </div>
          {!scroll.atBottom && messages.length > 0 && (
            <Button
              size="sm"
              variant="secondary"
              className="absolute bottom-3 start-1/2 -translate-x-1/2 rtl:translate-x-1/2 shadow"
              onClick={scroll.toBottom}
            >
              <ArrowDown aria-hidden />
              {t('jumpToLatest')}
            </Button>
          )}
        </div>
        {props.canWrite ? (
          <Composer onSend={send} sending={props.sending} />
        ) : (
          <p
            className="flex items-center gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700"
            data-testid="chat-restricted"
          >
            <Lock aria-hidden className="size-4 shrink-0" />
            {t('restricted')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
