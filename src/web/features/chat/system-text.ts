import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { useFormat } from '#web/lib/format.ts';

type Params = Record<string, string | number>;

const firstString = (params: Params, ...names: string[]) => {
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
};
const firstNumber = (params: Params, ...names: string[]) => {
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
};

/**
 * The app's own chat messages (joins, contributions, payouts, freezes, warnings), worded in the
 * reader's language from their kind and parameters. A parameter the server left out gives the
 * shorter wording rather than a blank, so an older or newer server never shows "undefined".
 */
export function useSystemText() {
  const { t } = useTranslation('chat');
  const format = useFormat();
  return (message: Pick<ChatMessage, 'system' | 'message'>): string => {
    if (!message.system) return message.message || t('system.unknown');
    const { kind, params } = message.system;
    const fullName = firstString(params, 'memberName', 'recipientName', 'fullName', 'name');
    const cents = firstNumber(params, 'amountCents', 'amount');
    const cycle = firstNumber(params, 'cycle', 'cycleNumber');
    const adminName = firstString(params, 'adminName');
    const reason = firstString(params, 'reason');
    const dueDate = firstString(params, 'dueDate');
    const values = {
      name: fullName ? format.own(fullName) : t('system.someone'),
      admin: adminName ? format.own(adminName) : '',
      amount: cents === undefined ? '' : format.money(cents),
      cycle: cycle === undefined ? '' : format.number(cycle),
      dueDate: dueDate ? format.day(dueDate) : '',
    };
    const complete = cents !== undefined && cycle !== undefined;
    const withReason = (text: string) =>
      reason ? `${text} ${t('system.reason', { reason: format.own(reason) })}` : text;
    switch (kind) {
      case 'member_joined':
        return t('system.memberJoined', values);
      case 'contribution_confirmed':
        return t(complete ? 'system.contributionConfirmed' : 'system.contributionConfirmedShort', values);
      case 'payout_sent':
        return t(complete ? 'system.payoutSent' : 'system.payoutSentShort', values);
      case 'group_frozen':
        return withReason(t(adminName ? 'system.groupFrozenBy' : 'system.groupFrozen', values));
      case 'group_unfrozen':
        return t(adminName ? 'system.groupUnfrozenBy' : 'system.groupUnfrozen', values);
      case 'overdue_warning':
        return t(
          cents !== undefined && dueDate ? 'system.overdueWarning' : 'system.overdueWarningShort',
          values,
        );
      default:
        return t('system.unknown');
    }
  };
}
