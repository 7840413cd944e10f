import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

/** A ticket's messages, oldest first: the sender's on one side, support's answers on the other. */
export function Conversation(props: { messages: SupportMessage[]; senderName: string }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  return (
    <ol className="grid gap-3" data-testid="ticket-conversation">
      {props.messages.map((message) => {
        const fromSupport = message.author === 'operator';
        return (
          <li
            key={message.id}
            className={cn(
              'grid max-w-[90%] gap-1 rounded-xl p-3 text-sm',
              fromSupport ? 'justify-self-end bg-brand-50 text-slate-900' : 'justify-self-start bg-slate-100',
            )}
          >
            <p className="text-xs font-medium text-slate-600">
              {fromSupport
                ? t('conversation.support', {
                    name: format.own(message.authorName ?? t('conversation.team')),
                  })
                : format.own(props.senderName)}
              {' · '}
              <time dateTime={message.createdAt}>{format.instant(message.createdAt)}</time>
            </p>
            <p dir="auto" className="break-words whitespace-pre-wrap">
              {message.body}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
