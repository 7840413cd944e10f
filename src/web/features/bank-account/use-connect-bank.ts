import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BankLinkSession } from '#shared/schemas/payments.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { collectBankAccount, StripeWindowError } from './stripe-js.ts';

/** Where linking ends: the page shows the spec's success message for this flag. */
const RETURN_URL = '/bank-account?session_complete=true';

/** A failure after the session was opened: the toast then speaks of connecting, not of starting. */
class CompleteFailure extends Error {
  constructor(readonly reason: unknown) {
    super('completing the bank connection failed');
  }
}

async function connectBank(): Promise<string | null> {
  const session = await apiRequest<BankLinkSession>('POST', '/api/create-financial-connections-session');
  if (session.hostedUrl) return session.hostedUrl;
  if (!session.publishableKey) throw new StripeWindowError('the provider offers no way to link a bank');
  try {
    if (!(await collectBankAccount(session.publishableKey, session.clientSecret))) return null;
    await apiRequest(
      'POST',
      '/api/complete-bank-connection',
      { sessionId: session.sessionId },
      { headers: { 'Idempotency-Key': `complete-${session.sessionId}` } },
    );
  } catch (error) {
    throw new CompleteFailure(error);
  }
  return RETURN_URL;
}

/**
 * "Connect Bank Account": opens a linking session, then either sends the browser to the provider's
 * hosted page (the sandbox) or runs Stripe's Financial Connections window here with Stripe.js and
 * completes the link, ending on the page's success message. Closing Stripe's window changes nothing.
 */
export function useConnectBank() {
  const { t } = useTranslation('bankAccount');
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: connectBank,
    success: { shownOnScreen: 'the bank account list shows the new account, or the next step opens' },
    onSuccess: (next) => {
      if (next) navigate(next);
    },
    failure: {
      title: t('toast.connectionFailed'),
      fallbackKey: 'bankAccount:toast.startFailed',
      describe: (error) => {
        const reason = error instanceof CompleteFailure ? error.reason : error;
        if (reason instanceof StripeWindowError) return t('toast.stripeUnavailable');
        return error instanceof CompleteFailure ? errorText(reason, 'bankAccount:toast.connectFailed') : null;
      },
    },
  });
}
