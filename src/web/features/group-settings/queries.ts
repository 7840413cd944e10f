import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  GroupRule,
  GroupRuleInput,
  GroupRulesReply,
  GroupSettings,
  GroupSettingsReply,
} from '#shared/schemas/group-settings.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

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
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (settings: GroupSettings) =>
      apiRequest<GroupSettingsReply>('PUT', `/api/groups/${groupId}/settings`, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(groupId), saved);
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      toast({ title: t('toast.saved'), description: t('toast.savedBody') });
    },
    onError: (error) =>
      toast({
        title: t('toast.error'),
        description: errorText(error, 'groupSettings:toast.errorBody'),
        variant: 'destructive',
      }),
  });
}

type RuleChange =
  | { kind: 'create'; input: GroupRuleInput }
  | { kind: 'update'; ruleId: number; input: GroupRuleInput }
  | { kind: 'delete'; ruleId: number };

export function useChangeRule(groupId: number) {
  const { t } = useTranslation('groupSettings');
  const errorText = useErrorText();
  const base = `/api/groups/${groupId}/rules`;
  return useMutation({
    mutationFn: (change: RuleChange) =>
      change.kind === 'create'
        ? apiRequest<GroupRule>('POST', base, change.input)
        : change.kind === 'update'
          ? apiRequest<GroupRule>('PUT', `${base}/${change.ruleId}`, change.input)
          : apiRequest<unknown>('DELETE', `${base}/${change.ruleId}`),
    onSuccess: () => toast({ title: t('rules.saved') }),
    onError: (error) =>
      toast({
        title: t('rules.error'),
        description: errorText(error, 'groupSettings:toast.errorBody'),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey(groupId) }),
  });
}
