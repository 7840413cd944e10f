import { LANGUAGE_CODES } from '#shared/schemas/auth.ts';

/** The six languages emails are written in: the web app's own. */
export const emailLanguages = LANGUAGE_CODES;
export type EmailLanguage = (typeof emailLanguages)[number];

/** A stored or requested language, narrowed to one we write in; anything else reads English. */
export function emailLanguage(code: string | null | undefined): EmailLanguage {
  const base = (code ?? '').split('-')[0]?.toLowerCase() ?? '';
  return (emailLanguages as readonly string[]).includes(base) ? (base as EmailLanguage) : 'en';
}

/** Per language, the words of one kind of email: every template fills all six. */
export type Words<T> = Record<EmailLanguage, T>;

export const rightToLeft = (language: EmailLanguage) => language === 'ar';
