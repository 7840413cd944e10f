import { useQuery } from '@tanstack/react-query';
import { LogOut, MailWarning, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { InvitationView } from '#shared/schemas/invitations.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { authQueries } from '#web/features/auth/queries.ts';
import { ApplicationRequestForm } from '#web/features/groups/application-form.tsx';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { isolate, useFormat } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useAccept } from './invitations-actions.ts';
import { invitationQueries } from './invitations-queries.ts';

/** /invitations/:token, from the invitation email: the circle, and Accept (or the request to join). */
export default function InvitationPage() {
  const { t } = useTranslation('invitations');
  const { token = '' } = useParams<{ token: string }>();
  const view = useQuery(invitationQueries.view(token));
  return (
    <div className="mx-auto grid max-w-2xl min-w-0 grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{t('page.title')}</h1>
      {view.isPending && <Skeleton className="h-64 rounded-2xl" />}
      {view.isError && <Refused error={view.error} />}
      {view.isSuccess && <InvitationCard token={token} view={view.data} />}
    </div>
  );
}

/** Used, revoked, expired or unknown read alike; another address gets its own way out. */
function Refused({ error }: { error: unknown }) {
  const { t } = useTranslation('invitations');
  const errorText = useErrorText();
  const otherEmail = error instanceof ApiError && error.code === 'INVITATION_OTHER_EMAIL';
  const known = error instanceof ApiError && (otherEmail || error.code === 'INVITATION_NOT_FOUND');
  const signOut = useActionMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    success: { shownOnScreen: 'the sign-in form takes the place of the invitation' },
    failure: { shownOnScreen: 'the sign-in form takes the place of the invitation' },
    // Stay on the link: the sign-in shows in its place, and signing in comes back here.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.user().queryKey, null);
    },
  });
  return (
    <Card role="alert" data-testid="invitation-refused">
      <CardHeader className="flex-row items-start gap-3">
        <MailWarning aria-hidden className="size-6 shrink-0 text-amber-700" />
        <CardTitle className="min-w-0 break-words">
          {otherEmail ? t('page.otherEmailTitle') : known ? t('page.invalidTitle') : t('page.loadFailed')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {known && <p className="text-slate-700">{errorText(error, 'invitations:page.loadFailed')}</p>}
        {otherEmail && <p className="text-sm text-slate-600">{t('page.otherEmailHint')}</p>}
        <div className="flex flex-wrap gap-2">
          {otherEmail && (
            <Button disabled={signOut.isPending} onClick={() => signOut.mutate()}>
              <LogOut />
              {t('page.signOut')}
            </Button>
          )}
          <Button asChild variant="secondary">
            <Link href="/dashboard">{t('page.toDashboard')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function InvitationCard({ token, view }: { token: string; view: InvitationView }) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
  const { group, invitation } = view;
  return (
    <Card data-testid="invitation-card">
      <CardHeader>
        <CardTitle className="min-w-0 break-words">{group.name}</CardTitle>
        <p className="text-sm text-slate-600">
          {invitation.invitedByName
            ? t('page.invitedBy', { name: isolate(invitation.invitedByName) })
            : t('page.invitedByUnknown')}
        </p>
        <p className="text-xs break-all text-slate-500">
          {t('page.sentTo', { email: isolate(invitation.email) })}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <Stat compact label={t('page.members')}>
            {format.ltr(`${format.number(group.currentMembers)}/${format.number(group.memberLimit)}`)}
          </Stat>
          <Stat compact label={`${t('page.contribution')} · ${t(`page.frequency.${group.frequency}`)}`}>
            {format.money(group.contributionAmount)}
          </Stat>
        </dl>
        <p className="text-sm text-slate-600">
          {t('page.expires', { date: format.instantDay(invitation.expiresAt) })}
        </p>
        <InvitationAction token={token} view={view} />
      </CardContent>
    </Card>
  );
}

/** What the invitee can do: open the circle they are in, nothing (no seat), ask to join, or join. */
function InvitationAction({ token, view }: { token: string; view: InvitationView }) {
  const { t } = useTranslation('invitations');
  const { group } = view;
  const accept = useAccept(token, group.name);
  if (view.alreadyMember) return <GoToCircle groupId={group.id} note={t('page.alreadyMember')} />;
  if (group.status !== 'recruiting' || group.currentMembers >= group.memberLimit)
    return <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t('page.notRecruiting')}</p>;
  if (group.requireApproval)
    return (
      <div className="grid grid-cols-1 gap-4">
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">{t('page.approvalNote')}</p>
        <ApplicationRequestForm pending={accept.isPending} onSubmit={(body) => accept.mutate(body)} />
      </div>
    );
  return (
    <Button size="lg" disabled={accept.isPending} onClick={() => accept.mutate({})}>
      <UserPlus />
      {accept.isPending ? t('page.accepting') : t('page.accept')}
    </Button>
  );
}

function GoToCircle({ groupId, note }: { groupId: number; note: string }) {
  const { t } = useTranslation('invitations');
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{note}</p>
      <Button asChild>
        <Link href={`/groups/${groupId}`}>{t('page.openCircle')}</Link>
      </Button>
    </div>
  );
}
