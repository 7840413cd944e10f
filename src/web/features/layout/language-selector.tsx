import { Check, Globe } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '#web/features/settings/account-preferences.ts';
import { languages } from '#web/i18n/languages.ts';
import { LanguageFlag } from './language-flag.tsx';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
  return (
    // Radix menus are left-to-right unless told: in Arabic the flag and name start at the right.
    <DropdownMenu.Root dir={i18n.dir()}>
      <DropdownMenu.Trigger
        className="flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-label={t('language.choose')}
        data-testid="language-selector"
      >
        <Globe className="size-4" />
        <LanguageFlag code={current.code} />
        <span className="uppercase">{current.code}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {languages.map((language) => (
            <DropdownMenu.Item
              key={language.code}
              lang={language.code}
              onSelect={() => void chooseLanguage(i18n, language.code)}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              <LanguageFlag code={language.code} />
              <span className="flex-1">{language.name}</span>
              <span className="text-xs uppercase text-slate-500">{language.code}</span>
              {language.code === current.code && <Check className="size-4 text-brand-700" />}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
