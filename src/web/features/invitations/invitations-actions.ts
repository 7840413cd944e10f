import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ApplicationInput, MyApplication } from '#shared/schemas/applications.ts';
import type { Invitation, InviteReply } from '#shared/schemas/invitations.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { invitationQueries } from './invitations-queries.ts';

const refresh = (groupId: number) =>
  queryClient.invalidateQueries({ queryKey: invitationQueries.list(groupId).queryKey });

/**
 * The spec's toasts for sending: 'Invitation Sent', or 'Invitation Failed' with the server's reason
 * in the reader's language ('Unable to send invitation. Please try again.' when there is none).
 */
function useSendToasts() {
  const { t } = useTranslation('invitations');
  return {
    sent: (reply: InviteReply) => ({
      title: t('toast.sent'),
      description: t('toast.sentBody', { email: isolate(reply.invitation.email) }),
    }),
    failed: { title: t('toast.failed'), fallbackKey: 'invitations:toast.failedBody' },
  };
}

/** Sending an email is not money, but a retried click must not send two: one key per attempt. */
export function useInvite(groupId: number, onSent: () => void) {
  const toasts = useSendToasts();
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (email: string): Promise<InviteReply> =>
      apiRequest(
        'POST',
        `/api/groups/${groupId}/invite`,
        { email },
        {
          headers: { 'Idempotency-Key': attempt.keyFor({ groupId, email }) },
        },
      ),
    success: toasts.sent,
    onSuccess: onSent,
    failure: toasts.failed,
    onSettled: (_data, error) => {
      attempt.settle(error);
      return refresh(groupId);
    },
  });
}

export function useResend(invitation: Invitation) {
  const toasts = useSendToasts();
  const attempt = useAttemptKey();
  const url = `/api/groups/${invitation.groupId}/invitations/${invitation.id}/resend`;
  return useActionMutation({
    mutationFn: (): Promise<InviteReply> =>
      apiRequest('POST', url, undefined, {
        headers: { 'Idempotency-Key': attempt.keyFor({ url, sentAt: invitation.sentAt }) },
      }),
    success: toasts.sent,
    failure: toasts.failed,
    onSettled: (_data, error) => {
      attempt.settle(error);
      return refresh(invitation.groupId);
    },
  });
}

export function useRevoke(invitation: Invitation, onDone: () => void) {
  const { t } = useTranslation('invitations');
  return useActionMutation({
    mutationFn: () => apiRequest('DELETE', `/api/groups/${invitation.groupId}/invitations/${invitation.id}`),
    success: () => ({ title: t('toast.revoked') }),
    onSuccess: onDone,
    failure: { title: t('toast.revokeFailed'), fallbackKey: 'invitations:toast.tryAgain' },
    onSettled: () => refresh(invitation.groupId),
  });
}

type Accepted = { groupId: number; application?: MyApplication };

/** Accepts once per press (an Idempotency-Key per attempt), then opens the circle (or the requests). */
export function useAccept(token: string, name: string) {
  const { t } = useTranslation('invitations');
  const attempt = useAttemptKey();
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: (body: Partial<ApplicationInput>): Promise<Accepted> =>
      apiRequest('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, body, {
        headers: { 'Idempotency-Key': attempt.keyFor({ token, body }) },
      }),
    success: (reply) =>
      reply.application
        ? { title: t('toast.applied'), description: t('toast.appliedBody', { name: isolate(name) }) }
        : { title: t('toast.joined', { name: isolate(name) }), description: t('toast.joinedBody') },
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      // Not a member yet: the join page lists the request and where it stands.
      navigate(reply.application ? '/join-group' : `/groups/${reply.groupId}`);
    },
    failure: { title: t('toast.acceptFailed'), fallbackKey: 'invitations:toast.tryAgain' },
    // The invitation may have closed meanwhile: show it as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: invitationQueries.view(token).queryKey }),
    onSettled: (_data, error) => attempt.settle(error),
  });
}
