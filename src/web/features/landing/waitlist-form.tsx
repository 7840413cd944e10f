import { CircleCheck, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { useNewsletterSignup } from '#web/lib/newsletter.ts';

/** Newsletter sign-up: idle, submitting ("Joining..."), then a "Successfully subscribed!" card. */
export function WaitlistForm() {
  const { t } = useTranslation('landing');
  const emailId = useId();
  const [email, setEmail] = useState('');
  const signup = useNewsletterSignup();

  if (signup.isSuccess) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4"
        data-testid="waitlist-subscribed"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-brand-900">{t('waitlist.subscribed')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('waitlist.subscribedHint')}</p>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => signup.submit(event, email)}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="waitlist-form"
    >
      <p id={`${emailId}-title`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Mail className="size-4 shrink-0 text-brand-700" />
        {t('waitlist.title')}
      </p>
      <Label htmlFor={emailId} className="sr-only">
        {t('waitlist.emailLabel')}
      </Label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={t('waitlist.placeholder')}
          aria-describedby={`${emailId}-title`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="sm:flex-1"
          data-testid="waitlist-email"
        />
        <Button type="submit" disabled={signup.isPending} data-testid="waitlist-submit">
          {signup.isPending ? t('waitlist.submitting') : t('waitlist.submit')}
        </Button>
      </div>
    </form>
  );
}
