import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, IdCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { SandboxIdentitySession } from '#shared/schemas/identity.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { IdentityForm } from './identity-form.tsx';
import { identitySessionQuery } from './identity-session-query.ts';
import { SandboxFrame } from './sandbox-frame.tsx';

function Notice(props: { title: string; body: string[]; ok?: boolean }) {
  const { t } = useTranslation('verification');
  const Icon = props.ok ? BadgeCheck : CircleAlert;
  return (
    <div role={props.ok ? 'status' : 'alert'} className="flex flex-col items-center gap-3 py-6 text-center">
      <Icon className={props.ok ? 'size-10 text-emerald-600' : 'size-10 text-amber-600'} aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">{props.title}</h1>
      {props.body.map((line) => (
        <p key={line} className="max-w-md text-slate-600">
          {line}
        </p>
      ))}
      <Button asChild variant="secondary">
        <Link href="/dashboard">{t('sandboxIdentity.back')}</Link>
      </Button>
    </div>
  );
}

function Submitted({ session }: { session: SandboxIdentitySession }) {
  const { t } = useTranslation('verification');
  return (
    <Notice
      ok
      title={t('sandboxIdentity.submittedTitle')}
      body={[
        session.outcome === 'verified'
          ? t('sandboxIdentity.submittedVerified')
          : t('sandboxIdentity.submittedFailed'),
        t('sandboxIdentity.submittedBody', { seconds: session.settlementSeconds }),
      ]}
    />
  );
}

/**
 * /sandbox/identity?session=…: the sandbox provider's hosted identity check, standing in for a
 * provider's document capture. Opened in a new tab from the Verification tab.
 */
export default function SandboxIdentityPage() {
  const { t } = useTranslation('verification');
  const session = new URLSearchParams(useSearch()).get('session') ?? '';
  const query = useQuery(identitySessionQuery(session));
  let body: ReactNode;
  if (!session || query.isError)
    body = <Notice title={t('sandboxIdentity.notFoundTitle')} body={[t('sandboxIdentity.notFoundBody')]} />;
  else if (query.isPending) body = <Spinner label={t('sandboxIdentity.loading')} />;
  else if (query.data.status === 'submitted') body = <Submitted session={query.data} />;
  else
    body = (
      <>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold text-slate-900">{t('sandboxIdentity.title')}</h1>
          <p className="text-sm text-slate-600">{t('sandboxIdentity.intro')}</p>
        </div>
        <IdentityForm session={session} />
      </>
    );
  return (
    <SandboxFrame
      icon={IdCard}
      brand={t('sandboxIdentity.brand')}
      bannerBody={t('sandboxIdentity.bannerBody')}
    >
      <Card>
        <CardContent className="grid gap-4 p-5 sm:p-6">{body}</CardContent>
      </Card>
    </SandboxFrame>
  );
}
