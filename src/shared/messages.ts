/**
 * Validation message keys used by the shared zod schemas, with the spec's English text.
 * Schemas carry the key; the server answers with the English text, the web app shows
 * `t('validation.<key>')`. The i18n test checks en.json says exactly these texts.
 */
export const validationMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 32 characters',
  usernameChars: 'Username may only use letters, numbers, dots, dashes and underscores',
  invalidEmail: 'Invalid email address',
  fullNameMin: 'Full name must be at least 2 characters',
  fullNameMax: 'Full name must be at most 100 characters',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsDontMatch: "Passwords don't match",
  invalidInput: 'Invalid input',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export function validationText(key: string): string {
  return (validationMessages as Record<string, string>)[key] ?? validationMessages.invalidInput;
}
