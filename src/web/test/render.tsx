import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { type LanguageCode, namespaces } from '#web/i18n/languages.ts';

afterEach(cleanup);

const localesDir = path.join(import.meta.dirname, '..', 'i18n', 'locales');

/** The app's real words in one language, loaded at once (the app loads them lazily per namespace). */
export function testI18n(language: LanguageCode): I18n {
  const words = Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      JSON.parse(readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8')),
    ]),
  );
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: words },
    ns: [...namespaces],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders with the app's translations in `language` and a fresh query client (no retries, as the app). */
export function renderInLanguage(ui: ReactNode, language: LanguageCode = 'en') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n(language)}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
}

/** renderHook's wrapper for a hook that toasts: a fresh query client, the app's words in `language`, the Toaster. */
export function withToasts(language: LanguageCode) {
  return function ToastingWrapper({ children }: { children: ReactNode }) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    return (
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={testI18n(language)}>
          {children}
          <Toaster />
        </I18nextProvider>
      </QueryClientProvider>
    );
  };
}
