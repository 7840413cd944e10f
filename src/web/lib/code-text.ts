import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '#shared/errors.ts';

/** What an error code the server reports as a state (releaseBlockedBy, blockedBy) means, in the reader's language. */
export function useCodeText() {
  const { t, i18n } = useTranslation('common');
  return (code: ErrorCode | string) => (i18n.exists(`common:errors.${code}`) ? t(`errors.${code}`) : code);
}
