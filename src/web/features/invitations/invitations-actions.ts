import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ApplicationInput, MyApplication } from '#shared/schemas/applications.ts';
import type { Invitation, InviteReply } from '#shared/schemas/invitations.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { invitationQueries } from './invitations-queries.ts';

const refresh = (groupId: number) =>
  queryClient.invalidateQueries({ queryKey: invitationQueries.list(groupId).queryKey });

/**
 * The spec's toasts for sending: 'Invitation Sent', or 'Invitation Failed' with the server's reason
 * in the reader's language ('Unable to send invitation. Please try again.' when there is none).
 */
function useSendToasts() {
  const { t } = useTranslation('invitations');
  const errorText = useErrorText();
  return {
    sent: (reply: InviteReply) =>
      toast({
        title: t('toast.sent'),
        description: t('toast.sentBody', { email: isolate(reply.invitation.email) }),
      }),
    failed: (error: unknown) =>
      toast({
        title: t('toast.failed'),
        description: errorText(error, 'invitations:toast.failedBody'),
        variant: 'destructive',
      }),
  };
}

/** Sending an email is not money, but a retried click must not send two: one key per attempt. */
export function useInvite(groupId: number, onSent: () => void) {
  const toasts = useSendToasts();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (email: string): Promise<InviteReply> =>
      apiRequest(
        'POST',
        `/api/groups/${groupId}/invite`,
        { email },
        {
          headers: { 'Idempotency-Key': attempt.keyFor({ groupId, email }) },
        },
      ),
    onSuccess: (reply) => {
      onSent();
      toasts.sent(reply);
    },
    onError: toasts.failed,
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
  return useMutation({
    mutationFn: (): Promise<InviteReply> =>
      apiRequest('POST', url, undefined, {
        headers: { 'Idempotency-Key': attempt.keyFor({ url, sentAt: invitation.sentAt }) },
      }),
    onSuccess: toasts.sent,
    onError: toasts.failed,
    onSettled: (_data, error) => {
      attempt.settle(error);
      return refresh(invitation.groupId);
    },
  });
}

export function useRevoke(invitation: Invitation, onDone: () => void) {
  const { t } = useTranslation('invitations');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/groups/${invitation.groupId}/invitations/${invitation.id}`),
    onSuccess: () => {
      onDone();
      toast({ title: t('toast.revoked') });
    },
    onError: (error) =>
      toast({
        title: t('toast.revokeFailed'),
        description: errorText(error, 'invitations:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: () => refresh(invitation.groupId),
  });
}

type Accepted = { groupId: number; application?: MyApplication };

/** Accepts once per press (an Idempotency-Key per attempt), then opens the circle (or the requests). */
export function useAccept(token: string, name: string) {
  const { t } = useTranslation('invitations');
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: Partial<ApplicationInput>): Promise<Accepted> =>
      apiRequest('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, body, {
        headers: { 'Idempotency-Key': attempt.keyFor({ token, body }) },
      }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (reply.application) {
        toast({ title: t('toast.applied'), description: t('toast.appliedBody', { name: isolate(name) }) });
        // Not a member yet: the join page lists the request and where it stands.
        navigate('/join-group');
      } else {
        toast({ title: t('toast.joined', { name: isolate(name) }), description: t('toast.joinedBody') });
        navigate(`/groups/${reply.groupId}`);
      }
    },
    onError: (error) => {
      // The invitation may have closed meanwhile: show it as it now is.
      void queryClient.invalidateQueries({ queryKey: invitationQueries.view(token).queryKey });
      toast({
        title: t('toast.acceptFailed'),
        description: errorText(error, 'invitations:toast.tryAgain'),
        variant: 'destructive',
      });
    },
    onSettled: (_data, error) => attempt.settle(error),
  });
}
