import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Mail, RotateCw, Send, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_TTL_DAYS, type Invitation, type InvitationsReply } from '#shared/schemas/invitations.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import { useInvite, useResend, useRevoke } from './invitations-actions.ts';
import { invitationQueries } from './invitations-queries.ts';

type InvitableGroup = { id: number; status: string; currentMembers: number; memberLimit: number };

/**
 * Admin, on the Members tab: invite by email (spec 001 §2.2), and the invitations waiting for an
 * answer with Resend and Revoke. The server refuses what cannot be invited (a started or full circle,
 * a member's address, an open invitation) and the toast says why in the reader's language.
 */
export function InvitationsPanel({ group }: { group: InvitableGroup }) {
  const { t } = useTranslation('invitations');
  const groupId = group.id;
  const canInvite = group.status === 'recruiting' && group.currentMembers < group.memberLimit;
  const query = useQuery(invitationQueries.list(groupId));
  const invitations = query.data?.invitations ?? [];
  const open = invitations.filter((i) => i.status === 'pending' || i.status === 'expired');
  const closed = invitations.filter((i) => i.status === 'accepted' || i.status === 'revoked');
  return (
    // Sits at the top of the Members card, so a section rather than a card of its own.
    <section
      aria-labelledby="invitations-title"
      className="mb-4 grid min-w-0 grid-cols-1 gap-5 rounded-xl border border-slate-200 p-4"
      data-testid="invitations-panel"
    >
      <div>
        <h3 id="invitations-title" className="font-semibold text-slate-900">
          {t('panel.title')}
        </h3>
        <p className="text-sm text-slate-600">
          {canInvite ? t('panel.hint', { days: INVITATION_TTL_DAYS }) : t('panel.closed')}
        </p>
      </div>
      {canInvite && <InviteForm groupId={groupId} />}
      <div className="grid min-w-0 grid-cols-1 gap-3">
        <h4 className="text-sm font-medium text-slate-900">{t('panel.pendingTitle')}</h4>
        <PendingList query={query} open={open} />
      </div>
      {closed.length > 0 && (
        <div className="grid min-w-0 grid-cols-1 gap-3">
          <h4 className="text-sm font-medium text-slate-900">{t('panel.closedTitle')}</h4>
          <ul className="grid grid-cols-1 gap-2">
            {closed.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function PendingList({ query, open }: { query: UseQueryResult<InvitationsReply>; open: Invitation[] }) {
  const { t } = useTranslation('invitations');
  if (query.isPending) return <Skeleton className="h-16 rounded-xl" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('panel.loadFailed')}
      </p>
    );
  if (open.length === 0) return <p className="text-sm text-slate-600">{t('panel.empty')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-2" data-testid="pending-invitations">
      {open.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} />
      ))}
    </ul>
  );
}

function InviteForm({ groupId }: { groupId: number }) {
  const { t } = useTranslation('invitations');
  const [email, setEmail] = useState('');
  const invite = useInvite(groupId, () => setEmail(''));
  const trimmed = email.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !invite.isPending) invite.mutate(trimmed);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <Field id="invite-email" label={t('panel.email')}>
          <Input
            id="invite-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            dir="ltr"
            maxLength={254}
            placeholder={t('panel.emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
      </div>
      {/* Spec 001 §5: disabled while the trimmed email is empty. */}
      <Button type="submit" disabled={!trimmed || invite.isPending} data-testid="invite-submit">
        <Send />
        {invite.isPending ? t('panel.inviting') : t('panel.invite')}
      </Button>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
  const open = invitation.status === 'pending' || invitation.status === 'expired';
  const badge =
    invitation.status === 'pending'
      ? 'bg-amber-100 text-amber-900'
      : invitation.status === 'accepted'
        ? 'bg-brand-100 text-brand-800'
        : 'bg-slate-200 text-slate-800';
  return (
    <li className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 p-3 min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
          <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
          <span className="break-all" dir="ltr">
            {invitation.email}
          </span>
        </p>
        <Badge className={badge}>{t(`panel.status.${invitation.status}`)}</Badge>
      </div>
      <p className="text-xs text-slate-600">
        {t('panel.invitedOn', { date: format.instantDay(invitation.invitedDate) })}
        {open && (
          <>
            {' · '}
            {invitation.status === 'expired'
              ? t('panel.expiredOn', { date: format.instantDay(invitation.expiresAt) })
              : t('panel.expiresOn', { date: format.instantDay(invitation.expiresAt) })}
          </>
        )}
      </p>
      {open && (
        <div className="flex flex-wrap gap-2">
          <ResendButton invitation={invitation} />
          <RevokeDialog invitation={invitation} />
        </div>
      )}
    </li>
  );
}

function ResendButton({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('invitations');
  const resend = useResend(invitation);
  return (
    <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
      <RotateCw />
      {resend.isPending ? t('panel.resending') : t('panel.resend')}
    </Button>
  );
}

function RevokeDialog({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('invitations');
  const [open, setOpen] = useState(false);
  const revoke = useRevoke(invitation, () => setOpen(false));
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      destructive
      trigger={
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50">
          <X />
          {t('panel.revoke')}
        </Button>
      }
      title={t('revoke.title')}
      description={t('revoke.body', { email: isolate(invitation.email) })}
      cancelLabel={t('revoke.cancel')}
      submitLabel={t('revoke.confirm')}
      pendingLabel={t('revoke.revoking')}
      pending={revoke.isPending}
      onSubmit={() => revoke.mutate()}
    />
  );
}
