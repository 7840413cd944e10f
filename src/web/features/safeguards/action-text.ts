import { useTranslation } from 'react-i18next';
import type { PendingAction } from './queries.ts';
import { useSafeguardText } from './safeguard-text.ts';

/** What a pending action asks for, worded in the reader's language from its type and details. */
export function useActionText() {
  const { t } = useTranslation('security');
  const rules = useSafeguardText();
  return (action: PendingAction): string => {
    const { cycle, ruleId, enabled } = action.details;
    switch (action.type) {
      case 'release_escrow':
        return t('actions.describe.release_escrow', { cycle: cycle ?? '' });
      case 'adjust_rotation':
        return t('actions.describe.adjust_rotation');
      case 'remove_member':
        return t('actions.describe.remove_member', { name: action.details.memberName ?? '' });
      case 'update_safeguard': {
        const name = ruleId ? rules.name(ruleId) : '';
        return enabled === false
          ? t('actions.describe.safeguardOff', { name })
          : t('actions.describe.safeguardChange', { name });
      }
    }
  };
}
