import { useTranslation } from 'react-i18next';

/** The name the server gives a deleted account (server/features/account-data/delete-account.ts). */
export const DELETED_MEMBER_NAME = 'Deleted member';

/** A member's name as shown: a deleted account's placeholder is worded in the reader's language. */
export function useMemberName() {
  const { t } = useTranslation('accountData');
  return (fullName: string) => (fullName === DELETED_MEMBER_NAME ? t('delete.deletedMember') : fullName);
}
