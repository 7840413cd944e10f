import { useQuery } from '@tanstack/react-query';
import { CircleAlert, FlaskConical, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { LanguageSelector } from '#web/features/layout/language-selector.tsx';
import { ConnectForm } from './connect-form.tsx';

function Notice({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('bankAccount');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleAlert className="size-10 text-amber-600" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="max-w-md text-slate-600">{body}</p>
      <Button asChild variant="secondary">
        <Link href="/bank-account">{t('sandbox.back')}</Link>
      </Button>
    </div>
  );
}

/**
 * /sandbox/connect?session=…: the sandbox provider's hosted page, standing in for a bank's
 * connection screen. It sits outside the app's frame on purpose, as a processor's page would.
 */
export default function SandboxConnectPage() {
  const { t } = useTranslation('bankAccount');
  const sessionId = new URLSearchParams(useSearch()).get('session') ?? '';
  const session = useQuery(bankAccountQueries.linkSession(sessionId));
  const foreign = session.data && session.data.provider.name !== 'sandbox';
  const state = !sessionId || session.isError || foreign ? 'invalid' : (session.data?.status ?? 'loading');

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-3">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Landmark className="size-5 text-brand-700" aria-hidden />
            {t('sandbox.brand')}
          </p>
          <LanguageSelector />
        </div>
      </header>
      <main className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
        <div
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-100 p-4 text-amber-950"
          role="note"
        >
          <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold" data-testid="sandbox-label">
              {t('sandbox.banner')}
            </p>
            <p className="text-sm">{t('sandbox.bannerBody')}</p>
          </div>
        </div>
        <Card>
          <CardContent className="grid gap-4 p-5 sm:p-6">
            {state === 'loading' && <Spinner label={t('sandbox.loading')} />}
            {state === 'invalid' && (
              <Notice title={t('sandbox.notFoundTitle')} body={t('sandbox.notFoundBody')} />
            )}
            {state === 'expired' && (
              <Notice title={t('sandbox.expiredTitle')} body={t('sandbox.expiredBody')} />
            )}
            {state === 'completed' && <Notice title={t('sandbox.usedTitle')} body={t('sandbox.usedBody')} />}
            {state === 'open' && (
              <>
                <div className="grid gap-1">
                  <h1 className="text-xl font-semibold text-slate-900">{t('sandbox.title')}</h1>
                  <p className="text-sm text-slate-600">{t('sandbox.intro')}</p>
                </div>
                <ConnectForm sessionId={sessionId} />
              </>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
