import { Clock, Mail, Phone } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { SiteFooter } from '#web/features/landing/site-footer.tsx';
import { SiteHeader } from '#web/features/landing/site-header.tsx';
import { useFormat } from '#web/lib/format.ts';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '#web/lib/support-phone.ts';
import { ContactForm } from './contact-form.tsx';
import { MyRequests } from './my-requests.tsx';

const AppShell = lazy(() => import('#web/features/layout/app-shell.tsx'));

/** /contact: the form (a support ticket), the other ways to reach support, and, signed in, "My requests". */
export default function ContactPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  const content = (
    <ContactContent
      signedIn={Boolean(user)}
      defaults={user ? { name: user.fullName, email: user.email } : undefined}
    />
  );
  if (user) return <AppShell>{content}</AppShell>;
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main className="px-4 py-10">{content}</main>
      <SiteFooter />
    </div>
  );
}

function PageSpinner() {
  const { t } = useTranslation();
  return <Spinner label={t('status.loading')} />;
}

function ContactContent(props: { signedIn: boolean; defaults?: { name: string; email: string } }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('contact.title')}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{t('contact.subtitle')}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>{t('form.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ContactForm defaults={props.defaults} />
          </CardContent>
        </Card>
        <div className="grid content-start gap-4">
          <Channel icon={<Mail className="size-5" />} title={t('contact.emailTitle')}>
            {t('contact.emailBody')}
          </Channel>
          <Channel icon={<Phone className="size-5" />} title={t('contact.phoneTitle')}>
            <a className="font-medium text-brand-700 underline" href={SUPPORT_PHONE_HREF}>
              {format.ltr(SUPPORT_PHONE)}
            </a>
            <span className="block">{t('contact.phoneBody')}</span>
          </Channel>
          <Channel icon={<Clock className="size-5" />} title={t('contact.hoursTitle')}>
            {t('contact.hoursBody')}
          </Channel>
        </div>
      </div>
      {props.signedIn && <MyRequests />}
    </div>
  );
}

function Channel(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4">
        <span aria-hidden className="rounded-full bg-brand-50 p-2 text-brand-700">
          {props.icon}
        </span>
        <div className="min-w-0 text-sm text-slate-700">
          <h2 className="font-semibold text-slate-900">{props.title}</h2>
          {props.children}
        </div>
      </CardContent>
    </Card>
  );
}
