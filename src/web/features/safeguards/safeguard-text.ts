import { useTranslation } from 'react-i18next';
import { formatAmount } from '#shared/money.ts';
import type { SafeguardType } from '#shared/safeguards.ts';
import { useFormat } from '#web/lib/format.ts';
import type { SafeguardRule } from './queries.ts';

/** A cents figure from a rule's settings as an API amount (100000 → "1000.00"). */
const dollars = (cents: number | undefined) => formatAmount(cents ?? 0);

/** Each safeguard's name, what it does, what it gates and its settings, in the reader's language (from its type). */
export function useSafeguardText() {
  const { t } = useTranslation('security');
  const format = useFormat();
  const names: Record<SafeguardType, string> = {
    multi_signature: t('rules.multi_signature.name'),
    time_lock: t('rules.time_lock.name'),
    member_vote: t('rules.member_vote.name'),
    third_party_custody: t('rules.third_party_custody.name'),
    transaction_limits: t('rules.transaction_limits.name'),
  };
  const descriptions: Record<SafeguardType, string> = {
    multi_signature: t('rules.multi_signature.description'),
    time_lock: t('rules.time_lock.description'),
    member_vote: t('rules.member_vote.description'),
    third_party_custody: t('rules.third_party_custody.description'),
    transaction_limits: t('rules.transaction_limits.description'),
  };
  const gates: Record<SafeguardType, string> = {
    multi_signature: t('rules.multi_signature.gates'),
    time_lock: t('rules.time_lock.gates'),
    member_vote: t('rules.member_vote.gates'),
    third_party_custody: t('rules.third_party_custody.gates'),
    transaction_limits: t('rules.transaction_limits.gates'),
  };
  const settings = (rule: Pick<SafeguardRule, 'type' | 'configuration'>): string | null => {
    const c = rule.configuration;
    switch (rule.type) {
      case 'multi_signature':
        return t('rules.multi_signature.settings', { count: c.requiredApprovals ?? 0 });
      case 'time_lock':
        return t('rules.time_lock.settings', { count: c.hours ?? 0 });
      case 'member_vote':
        return t('rules.member_vote.settings', { percent: format.number(c.approvalPercent ?? 0) });
      case 'transaction_limits':
        return t('rules.transaction_limits.settings', {
          single: format.money(dollars(c.perWithdrawalCents)),
          daily: format.money(dollars(c.dailyCents)),
        });
      case 'third_party_custody':
        return null;
    }
  };
  return {
    name: (type: SafeguardType) => names[type],
    description: (type: SafeguardType) => descriptions[type],
    gates: (type: SafeguardType) => gates[type],
    settings,
  };
}
