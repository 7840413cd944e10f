import { AlertTriangle, Clock, HandCoins, Info, Pin, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { cn } from '#web/lib/cn.ts';
import { initials } from './initials.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { type ChatViewer, type MessageHandlers, messageChoices } from './message-actions.ts';
import { MessageMenu } from './message-menu.tsx';
import { messageTime } from './message-time.ts';
import { useSystemText } from './system-text.ts';

const systemIcons = {
  contribution: HandCoins,
  payout: Wallet,
  system: Info,
  warning: AlertTriangle,
} as const;

/** The app's own line in the chat (a join, a payment, a payout, a freeze, a warning), centred. */
/** The app's own lines carry no menu: nothing in them is a member's to report, and they are not pinned. */
function SystemLine(props: { message: ChatMessage }) {
  const { i18n } = useTranslation('chat');
  const systemText = useSystemText();
  const { message } = props;
  const Icon = systemIcons[message.messageType as keyof typeof systemIcons] ?? Info;
  const warning = message.messageType === 'warning';
  return (
    <li className="flex items-center justify-center gap-1" data-testid="chat-system-message">
      <p
        className={cn(
          'flex max-w-[90%] items-start gap-2 rounded-xl px-3 py-1.5 text-xs',
          warning ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-700',
        )}
      >
        <Icon aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>
          {systemText(message)}{' '}
          <time dateTime={message.createdAt} className="whitespace-nowrap text-slate-600">
            {messageTime(message.createdAt, i18n.language)}
          </time>
        </span>
      </p>
      {message.isPinned && <Pin aria-hidden className="size-3 text-brand-700" />}
    </li>
  );
}

/**
 * One message. The reader's own sit at the inline end (right in English, left in Arabic: flex and
 * logical properties mirror it), others at the start with an initials avatar. Names and text keep
 * their own direction (`dir="auto"`, <bdi>), so an Arabic name in an English chat reads correctly.
 */
export function MessageBubble(props: {
  message: ChatMessage;
  viewer: ChatViewer;
  handlers: MessageHandlers;
}) {
  const { t, i18n } = useTranslation('chat');
  const { message, viewer } = props;
  if (message.messageType !== 'text') return <SystemLine message={message} />;
  const own = message.userId !== null && message.userId === viewer.userId;
  const name = message.user?.fullName ?? t('formerMember');
  return (
    <li
      className={cn('flex items-end gap-2', own && 'flex-row-reverse')}
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own || undefined}
    >
      {!own && (
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
        >
          {initials(name)}
        </span>
      )}
      <div className={cn('flex min-w-0 max-w-[80%] flex-col gap-0.5', own ? 'items-end' : 'items-start')}>
        <p className="flex items-center gap-2 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{own ? t('you') : <bdi>{name}</bdi>}</span>
          <time dateTime={message.createdAt}>{messageTime(message.createdAt, i18n.language)}</time>
          {message.isPinned && (
            <span className="inline-flex items-center gap-0.5 text-brand-700">
              <Pin aria-hidden className="size-3" />
              {t('pinnedLabel')}
            </span>
          )}
        </p>
        <p
          dir="auto"
          className={cn(
            'whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
            own ? 'rounded-ee-sm bg-brand-700 text-white' : 'rounded-es-sm bg-slate-100 text-slate-900',
            message.awaitingApproval && 'opacity-75 ring-1 ring-amber-400 ring-dashed',
          )}
        >
          <LinkifiedText text={message.message} />
        </p>
        {message.awaitingApproval && (
          <span className="inline-flex items-center gap-1 text-xs text-amber-800">
            <Clock aria-hidden className="size-3" />
            {t('awaitingApproval')}
          </span>
        )}
      </div>
      <MessageMenu
        message={message}
        choices={messageChoices(message, viewer, props.handlers)}
        handlers={props.handlers}
      />
    </li>
  );
}
