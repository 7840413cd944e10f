import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { languageSchema } from '#shared/schemas/auth.ts';
import { CONTACT_LIMITS, type ContactFields, contactFieldsSchema } from '#shared/schemas/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, textareaClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { supportKeys, supportRequests } from './support-requests.ts';

/**
 * Name, email, subject and message. The form token (fetched when the form opens) and the hidden
 * `website` field are the spam checks of decision 0034; a person never sees either.
 */
export function ContactForm(props: { defaults?: { name: string; email: string } }) {
  const { t, i18n } = useTranslation('support');
  const errorText = useErrorText();
  const [website, setWebsite] = useState('');
  const [sentTicket, setSentTicket] = useState<number | null>(null);
  const token = useQuery({ queryKey: supportKeys.formToken, queryFn: supportRequests.formToken });
  const form = useForm<ContactFields>({
    resolver: zodResolver(contactFieldsSchema),
    defaultValues: {
      name: props.defaults?.name ?? '',
      email: props.defaults?.email ?? '',
      subject: '',
      message: '',
    },
  });
  const { errors } = form.formState;
  const send = useActionMutation({
    mutationFn: (values: ContactFields) => {
      const language = languageSchema.safeParse(i18n.language.split('-')[0]);
      return supportRequests.send({
        ...values,
        formToken: token.data?.formToken ?? '',
        website,
        language: language.success ? language.data : undefined,
      });
    },
    success: ({ ticketId }) => ({
      title: t('form.sentTitle'),
      description: t('form.sentBody', { ticket: ticketId }),
    }),
    failure: { shownOnScreen: 'the reason above the Send button' },
    onSuccess: ({ ticketId }) => {
      setSentTicket(ticketId);
      form.reset({ ...form.getValues(), subject: '', message: '' });
      void queryClient.invalidateQueries({ queryKey: supportKeys.formToken });
      void queryClient.invalidateQueries({ queryKey: supportKeys.mine });
    },
  });

  if (sentTicket !== null)
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4"
        data-testid="contact-sent"
      >
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="grid gap-2">
          <p className="font-semibold text-brand-900">{t('form.sentTitle')}</p>
          <p className="text-sm text-slate-700">{t('form.sentBody', { ticket: sentTicket })}</p>
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => setSentTicket(null)}
          >
            {t('form.another')}
          </Button>
        </div>
      </div>
    );

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
      data-testid="contact-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contact-name" label={t('form.name')} error={errors.name}>
          <Input
            {...fieldAria('contact-name', errors.name)}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            {...form.register('name')}
          />
        </Field>
        <Field id="contact-email" label={t('form.email')} error={errors.email}>
          <Input
            {...fieldAria('contact-email', errors.email)}
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            {...form.register('email')}
          />
        </Field>
      </div>
      <Field id="contact-subject" label={t('form.subject')} error={errors.subject}>
        <Input
          {...fieldAria('contact-subject', errors.subject)}
          maxLength={CONTACT_LIMITS.subject}
          {...form.register('subject')}
        />
      </Field>
      <Field id="contact-message" label={t('form.message')} error={errors.message}>
        <textarea
          {...fieldAria('contact-message', errors.message)}
          className={`${textareaClass} min-h-40`}
          maxLength={CONTACT_LIMITS.message}
          {...form.register('message')}
        />
      </Field>
      {/* The honeypot: out of sight and out of the tab order; only a machine fills it in. */}
      <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('form.website')}</label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {send.isError && (
        <p role="alert" className="text-sm text-red-700" data-testid="contact-error">
          {errorText(send.error, 'support:form.failed')}
        </p>
      )}
      <Button type="submit" disabled={send.isPending || !token.data} className="justify-self-start">
        {send.isPending ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
