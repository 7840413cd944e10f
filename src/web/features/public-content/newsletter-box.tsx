import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { useNewsletterSignup } from '#web/lib/newsletter.ts';

/** The blog's newsletter box: the same sign-up (and toasts) as the landing page's form. */
export function NewsletterBox() {
  const { t } = useTranslation('publicContent');
  const titleId = useId();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const signup = useNewsletterSignup();

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-8">
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {t('newsletter.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('newsletter.body')}</p>
      {signup.isSuccess ? (
        <p role="status" className="mt-4 flex items-center gap-2 font-semibold text-brand-900">
          <CircleCheck aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('newsletter.subscribed')}
        </p>
      ) : (
        <form
          onSubmit={(event) => signup.submit(event, email)}
          className="mt-4 flex flex-col gap-2 sm:flex-row"
          data-testid="newsletter-form"
        >
          <Label htmlFor={emailId} className="sr-only">
            {t('newsletter.emailLabel')}
          </Label>
          <Input
            id={emailId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder={t('newsletter.placeholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="bg-white sm:flex-1"
          />
          <Button type="submit" disabled={signup.isPending}>
            {signup.isPending ? t('newsletter.submitting') : t('newsletter.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
