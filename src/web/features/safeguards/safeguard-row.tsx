import { Hourglass, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { SafeguardRule } from './queries.ts';
import { useSafeguardText } from './safeguard-text.ts';

type Props = {
  rule: SafeguardRule;
  isAdmin: boolean;
  /** A change to this rule is waiting for the members' approval. */
  changePending: boolean;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
};

/** One safeguard: what it does and gates, its settings, who changed it last; admins switch and edit it. */
export function SafeguardRow({ rule, isAdmin, changePending, busy, onToggle, onEdit }: Props) {
  const { t } = useTranslation('security');
  const format = useFormat();
  const text = useSafeguardText();
  const nameId = `safeguard-${rule.type}-name`;
  const descriptionId = `safeguard-${rule.type}-description`;
  // A rule that is off shows no figures, so nobody mistakes them for a protection in force.
  const settings = rule.enabled ? text.settings(rule) : null;

  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid={`safeguard-${rule.type}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span id={nameId} className="font-semibold text-slate-900">
              {text.name(rule.type)}
            </span>
            <Badge
              className={rule.enabled ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}
              data-testid="safeguard-state"
            >
              {rule.enabled ? t('on') : t('off')}
            </Badge>
          </p>
          <p id={descriptionId} className="text-sm text-slate-700">
            {text.description(rule.type)}
          </p>
        </div>
        {isAdmin && (
          <Switch
            checked={rule.enabled}
            onCheckedChange={onToggle}
            disabled={busy}
            aria-labelledby={nameId}
            aria-describedby={descriptionId}
            className="mt-0.5"
            data-testid="safeguard-switch"
          />
        )}
      </div>
      <p className="text-xs text-slate-600">{text.gates(rule.type)}</p>
      {settings && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-slate-800" data-testid="safeguard-settings">
            {settings}
          </p>
          {isAdmin && (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={onEdit}
              disabled={busy}
              aria-label={t('settings.changeFor', { name: text.name(rule.type) })}
              data-testid="edit-safeguard"
            >
              <Settings2 aria-hidden />
              {t('settings.change')}
            </Button>
          )}
        </div>
      )}
      {changePending && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
          <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('changePending')}
        </p>
      )}
      <p className="text-xs text-slate-500">
        {rule.lastModified
          ? rule.modifiedBy
            ? t('modifiedBy', { name: format.own(rule.modifiedBy), date: format.instant(rule.lastModified) })
            : t('modifiedOn', { date: format.instant(rule.lastModified) })
          : t('neverChanged')}
      </p>
    </li>
  );
}
