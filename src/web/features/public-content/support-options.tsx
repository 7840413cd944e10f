import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { useFormat } from '#web/lib/format.ts';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '#web/lib/support-phone.ts';

function Option(props: { icon: ReactNode; title: string; body: string; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <span aria-hidden className="w-fit rounded-full bg-brand-50 p-2 text-brand-700">
        {props.icon}
      </span>
      <h3 className="font-semibold text-slate-900">{props.title}</h3>
      <p className="text-sm text-slate-600">{props.body}</p>
      <div className="mt-auto">{props.action}</div>
    </div>
  );
}

/** Email, phone and chat (spec 001 §2.8); chat opens the contact form, the one live channel we have. */
export function SupportOptions() {
  const { t } = useTranslation('publicContent');
  const format = useFormat();
  return (
    <section aria-labelledby="help-support" className="grid gap-4">
      <h2 id="help-support" className="text-xl font-bold text-slate-900">
        {t('help.supportTitle')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Option
          icon={<MessageCircle className="size-5" />}
          title={t('help.chatTitle')}
          body={t('help.chatBody')}
          action={
            <Button asChild size="sm">
              <Link href="/contact">{t('help.chatAction')}</Link>
            </Button>
          }
        />
        <Option
          icon={<Mail className="size-5" />}
          title={t('help.emailTitle')}
          body={t('help.emailBody')}
          action={
            <Button asChild size="sm" variant="secondary">
              <Link href="/contact">{t('help.emailAction')}</Link>
            </Button>
          }
        />
        <Option
          icon={<Phone className="size-5" />}
          title={t('help.phoneTitle')}
          body={t('help.phoneBody')}
          action={
            <a href={SUPPORT_PHONE_HREF} className="font-semibold text-brand-700 underline">
              {format.ltr(SUPPORT_PHONE)}
            </a>
          }
        />
      </div>
    </section>
  );
}
