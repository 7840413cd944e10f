import { zodResolver } from '@hookform/resolvers/zod';
import { getCountries } from 'libphonenumber-js';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type PostalAddress, postalAddressFields } from '#shared/schemas/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldAria, selectClass } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';

const addressForm = z.object(postalAddressFields);

/** Countries by their name in the reader's language. */
function useCountries() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language]);
}

/** The postal address a letter with a code is mailed to. */
export function AddressForm(props: {
  initial: PostalAddress | null;
  sending: boolean;
  onSend: (a: PostalAddress) => void;
}) {
  const { t } = useTranslation('verification');
  const countries = useCountries();
  const form = useForm<PostalAddress>({
    resolver: zodResolver(addressForm),
    defaultValues: props.initial ?? {
      line1: '',
      line2: '',
      city: '',
      region: '',
      postalCode: '',
      country: 'US',
    },
  });
  const { errors } = form.formState;
  const text = (name: 'line1' | 'line2' | 'city' | 'region' | 'postalCode', autoComplete: string) => (
    <Field id={`verification-${name}`} label={t(`dialog.address.${name}`)} error={errors[name]}>
      <Input
        {...fieldAria(`verification-${name}`, errors[name])}
        autoComplete={autoComplete}
        {...form.register(name)}
      />
    </Field>
  );
  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit((address) => props.onSend(address))}>
      {text('line1', 'address-line1')}
      {text('line2', 'address-line2')}
      <div className="grid gap-3 sm:grid-cols-2">
        {text('city', 'address-level2')}
        {text('region', 'address-level1')}
        {text('postalCode', 'postal-code')}
        <Field id="verification-country" label={t('dialog.address.country')} error={errors.country}>
          <select
            {...fieldAria('verification-country', errors.country)}
            className={selectClass}
            autoComplete="country"
            {...form.register('country')}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Button type="submit" className="justify-self-start" disabled={props.sending}>
        {props.sending ? t('dialog.sending') : t('dialog.address.send')}
      </Button>
    </form>
  );
}
