import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An i18next instance for drawing on the server (decisions 0046, 0048): the page's language with English
 * as its fallback, every namespace already given, so nothing suspends for words while drawing.
 */
export async function serverI18n(lang: string, resources: Resource): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources,
    ns: Object.keys(resources[lang] ?? {}),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    // No advertisement in the reader's console.
    showSupportNotice: false,
    react: { useSuspense: true },
  });
  return i18n;
}
