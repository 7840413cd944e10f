import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailboxReply } from '#shared/schemas/email.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { getJson } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/**
 * The emails the server wrote, for a server without SMTP (operators, or everyone in development):
 * a newcomer follows a reset or verification link from here.
 */
export default function DevMailboxPage() {
  const { t } = useTranslation('mailbox');
  const errorText = useErrorText();
  const query = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: getJson<MailboxReply>('/api/dev/mailbox'),
    refetchInterval: 5000,
  });
  return (
    <div className="grid gap-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-sm text-slate-600">{t('intro')}</p>
      </header>
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {errorText(query.error, 'mailbox:failed')}
        </p>
      )}
      {query.data?.messages.length === 0 && <p className="text-slate-600">{t('empty')}</p>}
      <ul className="grid gap-3" data-testid="mailbox">
        {query.data?.messages.map((message) => (
          <li key={message.id}>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-base">{message.subject}</h2>
                </CardTitle>
                <p className="text-sm text-slate-600">
                  {t('to', { address: message.to })} · {t(`status.${message.status}`)} ·{' '}
                  <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
                </p>
              </CardHeader>
              <CardContent className="grid gap-2">
                {message.links.map((link) => (
                  <a key={link} href={link} className="break-all text-sm text-brand-700 underline">
                    {link}
                  </a>
                ))}
                <details>
                  <summary className="cursor-pointer text-sm text-slate-700">{t('showText')}</summary>
                  <pre dir="auto" className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">
                    {message.text}
                  </pre>
                </details>
                {message.lastError && (
                  <p className="text-sm text-red-800">{t('lastError', { error: message.lastError })}</p>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
