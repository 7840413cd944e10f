import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SafeguardType } from '#shared/safeguards.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import type { PendingAction, SafeguardsView } from './queries.ts';
import { SafeguardRow } from './safeguard-row.tsx';
import { SafeguardSettingsDialog } from './safeguard-settings-dialog.tsx';
import { maxApprovalsFor, settingFields } from './settings-fields.ts';
import { useUpdateSafeguard } from './use-security-actions.ts';

/** The rule being edited, and the control to give focus back to when the dialog closes. */
type Editing = { type: SafeguardType; mode: 'enable' | 'edit'; from: HTMLElement | null } | null;
const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/** The five safeguards with their real settings; admins switch them (a rule with settings asks for them first). */
export function SafeguardsCard(props: {
  view: SafeguardsView;
  actions: PendingAction[];
  groupId: number;
  memberLimit: number;
}) {
  const { t } = useTranslation('security');
  const { view } = props;
  const [editing, setEditing] = useState<Editing>(null);
  const update = useUpdateSafeguard(props.groupId);
  const maxApprovals = maxApprovalsFor(props.memberLimit);
  const voteOn = view.safeguards.some((r) => r.type === 'member_vote' && r.enabled);
  const voteApplies = voteOn && view.viewer.groupStatus === 'active';
  const pendingRules = new Set(
    props.actions
      .filter((a) => a.type === 'update_safeguard' && (a.status === 'pending' || a.waiting))
      .map((a) => a.details.ruleId),
  );
  const editingRule = editing && view.safeguards.find((r) => r.type === editing.type);

  const toggle = (type: SafeguardType, enabled: boolean) => {
    // Turning on a rule with settings shows them first, so it is switched on as the admin means it.
    if (enabled && settingFields(type, maxApprovals).length > 0)
      setEditing({ type, mode: 'enable', from: focused() });
    else update.mutate({ type, enabled, change: enabled ? 'on' : 'off' });
  };

  return (
    <Card data-testid="safeguards-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('safeguards.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">
          {view.viewer.isAdmin ? t('safeguards.introAdmin') : t('safeguards.introMember')}
        </p>
        {voteApplies && view.viewer.isAdmin && (
          <p className="text-sm text-amber-900">{t('safeguards.voteNote')}</p>
        )}
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {view.safeguards.map((rule) => (
            <SafeguardRow
              key={rule.type}
              rule={rule}
              isAdmin={view.viewer.isAdmin}
              changePending={pendingRules.has(rule.type)}
              busy={update.isPending}
              onToggle={(enabled) => toggle(rule.type, enabled)}
              onEdit={() => setEditing({ type: rule.type, mode: 'edit', from: focused() })}
            />
          ))}
        </ul>
      </CardContent>
      {editing && editingRule && (
        <SafeguardSettingsDialog
          key={`${editing.type}-${editing.mode}`}
          rule={editingRule}
          mode={editing.mode}
          groupId={props.groupId}
          maxApprovals={maxApprovals}
          voteApplies={voteApplies}
          returnFocus={editing.from}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
