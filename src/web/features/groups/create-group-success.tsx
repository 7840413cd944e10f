import { ArrowRight, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { isolate } from '#web/lib/format.ts';
import { CopyCodeButton } from './copy-code-button.tsx';
import type { CreatedGroup } from './types.ts';

/** The new group's invite code, ready to share. */
export function CreateGroupSuccess({ group }: { group: CreatedGroup }) {
  const { t } = useTranslation('groups');
  return (
    <div className="flex flex-col items-center gap-4 text-center" role="status">
      <span className="rounded-full bg-brand-100 p-4 text-brand-700">
        <PartyPopper className="size-10" />
      </span>
      <h2 className="text-xl font-semibold text-slate-900">{t('create.success.title')}</h2>
      <p className="max-w-md text-slate-600">{t('create.success.body', { name: isolate(group.name) })}</p>
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-brand-600 bg-brand-50 px-5 py-3">
        <div className="text-start">
          <p className="text-xs text-brand-800">{t('create.success.inviteCode')}</p>
          <p
            className="font-mono text-2xl font-bold tracking-widest text-slate-900"
            dir="ltr"
            data-testid="invite-code"
          >
            {group.inviteCode}
          </p>
        </div>
        <CopyCodeButton code={group.inviteCode} />
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link href={`/groups/${group.id}`}>
            {t('create.success.viewGroup')}
            <ArrowRight className="rtl:rotate-180" />
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/dashboard">{t('common:actions.backToDashboard')}</Link>
        </Button>
      </div>
    </div>
  );
}
