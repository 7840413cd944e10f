// Plain constants, without zod: the web app's first download imports them.

/** The six languages the app, its emails and its public content speak (the web's selector lists the same). */
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'zh', 'ar', 'ko'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
