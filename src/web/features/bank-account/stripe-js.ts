/** The part of Stripe.js the bank page uses (https://docs.stripe.com/js/financial_connections). */
type FinancialConnectionsResult = {
  financialConnectionsSession?: { accounts: { id: string }[] };
  error?: { message?: string };
};
type StripeJs = {
  collectFinancialConnectionsAccounts(options: { clientSecret: string }): Promise<FinancialConnectionsResult>;
};

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

/** Stripe.js could not be loaded or could not open its window (as opposed to an API error of ours). */
export class StripeWindowError extends Error {}

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

/**
 * Stripe.js, loaded from Stripe at run time as Stripe requires (never bundled), once per page. The
 * CSP allows js.stripe.com only when the server runs the Stripe provider.
 */
function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new StripeWindowError('Stripe.js did not start'));
    script.onerror = () => {
      // Offline for a moment: the next press tries again.
      loading = null;
      script.remove();
      reject(new StripeWindowError('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Stripe's Financial Connections window for the session; true when the person linked an
 * account, false when they closed the window without one.
 */
export async function collectBankAccount(publishableKey: string, clientSecret: string): Promise<boolean> {
  const stripe = (await loadStripeJs())(publishableKey);
  const result = await stripe.collectFinancialConnectionsAccounts({ clientSecret });
  if (result.error) throw new StripeWindowError(result.error.message ?? 'Stripe could not open its window');
  return (result.financialConnectionsSession?.accounts.length ?? 0) > 0;
}
