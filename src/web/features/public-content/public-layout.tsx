import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { SiteFooter } from '#web/features/landing/site-footer.tsx';
import { SiteHeader } from '#web/features/landing/site-header.tsx';

/** A link back to a parent page, with an arrow that points "back" in either reading direction. */
export function BackLink(props: { href: string; children: ReactNode }) {
  return (
    <Link
      href={props.href}
      className="inline-flex items-center gap-1.5 rounded-lg py-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {props.children}
    </Link>
  );
}

/** The visitors' frame of every public content page: header, 'Back to Home', the page, sign-up, footer. */
export function PublicLayout(props: { children: ReactNode; back?: ReactNode }) {
  const { t } = useTranslation('publicContent');
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main className="px-4 py-8 sm:py-10">
        <div className="mx-auto grid max-w-5xl min-w-0 gap-8">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <BackLink href="/">{t('backToHome')}</BackLink>
            {props.back}
          </div>
          {props.children}
          <SignUpCallToAction />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

function SignUpCallToAction() {
  const { t } = useTranslation('publicContent');
  return (
    <section
      aria-labelledby="public-sign-up"
      className="rounded-2xl bg-brand-800 px-6 py-8 text-center text-white"
    >
      <h2 id="public-sign-up" className="text-xl font-bold">
        {t('signUp.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-brand-50">{t('signUp.body')}</p>
      <Button asChild variant="secondary" className="mt-5">
        <Link href="/auth">{t('signUp.action')}</Link>
      </Button>
    </section>
  );
}
