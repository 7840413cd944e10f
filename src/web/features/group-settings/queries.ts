import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  GroupRule,
  GroupRuleInput,
  GroupRulesReply,
  GroupSettings,
  GroupSettingsReply,
} from '#shared/schemas/group-settings.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

const settingsKey = (groupId: number) => ['groups', 'settings', groupId] as const;
const rulesKey = (groupId: number) => ['groups', 'rules', groupId] as const;

export const groupSettingsQueries = {
  settings: (groupId: number) =>
    queryOptions({
      queryKey: settingsKey(groupId),
      queryFn: () => apiRequest<GroupSettingsReply>('GET', `/api/groups/${groupId}/settings`),
    }),
  rules: (groupId: number) =>
    queryOptions({
      queryKey: rulesKey(groupId),
      queryFn: () => apiRequest<GroupRulesReply>('GET', `/api/groups/${groupId}/rules`),
    }),
};

/** Saves the whole settings object; the spec's toasts (§8). */
export function useSaveGroupSettings(groupId: number) {
  const { t } = useTranslation('groupSettings');
  return useActionMutation({
    mutationFn: (settings: GroupSettings) =>
      apiRequest<GroupSettingsReply>('PUT', `/api/groups/${groupId}/settings`, settings),
    success: () => ({ title: t('toast.saved'), description: t('toast.savedBody') }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(groupId), saved);
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
    },
    failure: { title: t('toast.error'), fallbackKey: 'groupSettings:toast.errorBody' },
  });
}

type RuleChange =
  | { kind: 'create'; input: GroupRuleInput }
  | { kind: 'update'; ruleId: number; input: GroupRuleInput }
  | { kind: 'delete'; ruleId: number };

export function useChangeRule(groupId: number) {
  const { t } = useTranslation('groupSettings');
  const base = `/api/groups/${groupId}/rules`;
  return useActionMutation({
    mutationFn: (change: RuleChange) =>
      change.kind === 'create'
        ? apiRequest<GroupRule>('POST', base, change.input)
        : change.kind === 'update'
          ? apiRequest<GroupRule>('PUT', `${base}/${change.ruleId}`, change.input)
          : apiRequest<unknown>('DELETE', `${base}/${change.ruleId}`),
    success: () => ({ title: t('rules.saved') }),
    failure: { title: t('rules.error'), fallbackKey: 'groupSettings:toast.errorBody' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey(groupId) }),
  });
}
