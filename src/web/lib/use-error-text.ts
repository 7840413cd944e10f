import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';

/** Translated text for an API failure: by its validation key or error code, else the fallback key. */
export function useErrorText() {
  const { t, i18n } = useTranslation('common');
  return (error: unknown, fallbackKey: string): string => {
    if (!(error instanceof ApiError) || !error.code) return t(fallbackKey);
    const issueKey = error.body?.issues?.[0]?.key;
    if (issueKey && i18n.exists(`validation.${issueKey}`)) return t(`validation.${issueKey}`);
    if (i18n.exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    return error.serverMessage ?? t(fallbackKey);
  };
}

/**
 * The failure toast's body: the server's reason in the reader's language, or the spec's body when the
 * server only says "Invalid input" (a custom refusal such as a stale rotation has no translated key).
 */
export function useRefusalText() {
  const errorText = useErrorText();
  return (error: unknown, fallbackKey: string) => {
    const untranslatable =
      error instanceof ApiError && error.code === 'VALIDATION_ERROR' && !error.body?.issues?.length;
    return untranslatable ? errorText(null, fallbackKey) : errorText(error, fallbackKey);
  };
}
