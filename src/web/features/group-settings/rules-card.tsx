import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupRule } from '#shared/schemas/group-settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { textareaClass } from '#web/components/ui/field.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { groupSettingsQueries, useChangeRule } from './queries.ts';

/** The spec's three sample rules, offered to an admin whose circle has none. */
const suggestions = ['dueBy15th', 'attendance', 'respect'] as const;

/** A circle's rules: admins add, edit, switch and delete them; members read the active ones. */
export function RulesCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groupSettings');
  const rules = useQuery(groupSettingsQueries.rules(groupId));
  const change = useChangeRule(groupId);
  const [editing, setEditing] = useState<GroupRule | 'new' | null>(null);
  const canEdit = rules.data?.canEdit ?? false;
  const list = rules.data?.rules ?? [];

  return (
    <Card className="min-w-0" data-testid="group-rules">
      <CardHeader>
        <CardTitle>{t('rules.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {rules.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t('loadFailed')}
          </p>
        )}
        {rules.isSuccess && list.length === 0 && <p className="text-sm text-slate-600">{t('rules.none')}</p>}
        <ul className="grid grid-cols-1 gap-3">
          {list.map((rule) => (
            <li key={rule.id} className="grid grid-cols-1 gap-1 rounded-xl border border-slate-200 p-3">
              <p className="break-words font-medium text-slate-900">
                <bdi>{rule.title}</bdi>
                {!rule.active && <span className="ms-2 text-xs text-slate-600">({t('rules.inactive')})</span>}
              </p>
              {rule.description && <p className="break-words text-sm text-slate-700">{rule.description}</p>}
              {canEdit && (
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(rule)}>
                    {t('rules.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({
                        kind: 'update',
                        ruleId: rule.id,
                        input: { title: rule.title, description: rule.description, active: !rule.active },
                      })
                    }
                  >
                    {rule.active ? t('rules.deactivate') : t('rules.activate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={change.isPending}
                    onClick={() => {
                      if (window.confirm(t('rules.confirmDelete', { title: rule.title })))
                        change.mutate({ kind: 'delete', ruleId: rule.id });
                    }}
                  >
                    {t('rules.delete')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
        {canEdit && rules.isSuccess && list.length === 0 && (
          <div className="grid grid-cols-1 gap-2">
            <p className="text-sm font-medium text-slate-900">{t('rules.suggestions')}</p>
            {suggestions.map((key) => (
              <div key={key} className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 p-3">
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium">{t(`samples.${key}.title`)}</p>
                  <p className="break-words text-xs text-slate-600">{t(`samples.${key}.description`)}</p>
                </div>
                <Button
                  size="sm"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate({
                      kind: 'create',
                      input: {
                        title: t(`samples.${key}.title`),
                        description: t(`samples.${key}.description`),
                      },
                    })
                  }
                >
                  {t('rules.add')}
                </Button>
              </div>
            ))}
          </div>
        )}
        {canEdit && editing === null && (
          <div>
            <Button variant="secondary" onClick={() => setEditing('new')}>
              {t('rules.new')}
            </Button>
          </div>
        )}
        {canEdit && editing !== null && (
          <RuleForm
            rule={editing === 'new' ? null : editing}
            pending={change.isPending}
            onCancel={() => setEditing(null)}
            onSave={(input) =>
              change.mutate(
                editing === 'new' ? { kind: 'create', input } : { kind: 'update', ruleId: editing.id, input },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

function RuleForm(props: {
  rule: GroupRule | null;
  pending: boolean;
  onCancel: () => void;
  onSave: (input: { title: string; description: string; active: boolean }) => void;
}) {
  const { t } = useTranslation('groupSettings');
  const [title, setTitle] = useState(props.rule?.title ?? '');
  const [description, setDescription] = useState(props.rule?.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave({ title, description, active: props.rule?.active ?? true });
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 p-3">
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="rule-title">{t('rules.ruleTitle')}</Label>
        <Input
          id="rule-title"
          required
          maxLength={100}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor="rule-description">{t('rules.ruleDescription')}</Label>
        <textarea
          id="rule-description"
          className={textareaClass}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending}>
          {t('rules.saveRule')}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t('rules.cancel')}
        </Button>
      </div>
    </form>
  );
}
