import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '#shared/signed-in-pages.ts';
import { LANGUAGE_STORAGE_KEY, languageCodes, languages, namespaces } from './languages.ts';

// Each language and namespace is its own chunk: a visitor downloads only the words they read.
const locales = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = locales[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error) => callback(error as Error, null),
    );
  },
};

function applyDocumentLanguage(code: string) {
  const language = languages.find((l) => l.code === code.split('-')[0]) ?? languages[0];
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
}

i18n.on('languageChanged', applyDocumentLanguage);

export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: 'en',
    supportedLngs: languageCodes,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    // No advertisement in the reader's console.
    showSupportNotice: false,
    detection: {
      // `?lang=` first: each public page has an address per language (decision 0039), which a search
      // result or a shared link opens in that language.
      order: ['querystring', 'localStorage', 'cookie', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lang',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Also kept in a cookie, which the server reads to draw a signed-in page in the language this
      // browser shows (decision 0048). It says nothing about the person.
      lookupCookie: LANGUAGE_COOKIE,
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
      caches: ['localStorage', 'cookie'],
      // "ko-KR" from the browser is stored and applied as "ko".
      convertDetectedLanguage: (code: string) => code.split('-')[0] ?? code,
    },
    react: { useSuspense: true },
  });

/**
 * Starts fetching a namespace's words in the reader's language now, so a page does not wait for its
 * own code to arrive before asking for them; i18next's later read gets the same loaded module.
 */
export function preloadWords(namespace: string) {
  const detected = i18n.services.languageDetector?.detect();
  const code = String((Array.isArray(detected) ? detected[0] : detected) ?? 'en').split('-')[0];
  void locales[`./locales/${code}/${namespace}.json`]?.().catch(() => {});
}

export const allNamespaces = namespaces;
export default i18n;
