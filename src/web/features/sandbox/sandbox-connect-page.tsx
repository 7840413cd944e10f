import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { ConnectForm } from './connect-form.tsx';
import { SandboxFrame } from './sandbox-frame.tsx';

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
    <SandboxFrame icon={Landmark} brand={t('sandbox.brand')} bannerBody={t('sandbox.bannerBody')}>
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
    </SandboxFrame>
  );
}
