import type { PaymentsConfig } from '#server/config.ts';
import { paymentProviderFor } from './provider.ts';

/**
 * Whether texts and letters that wait in the outbox are also shown to the person in the app.
 * True with the sandbox: no carrier or post office exists there, so the bell stands in for the
 * phone and the letterbox, as it does for the sandbox's micro-deposit statements. Decided here
 * so that no feature needs to know which provider runs.
 */
export function outboxShownInApp(config: PaymentsConfig): boolean {
  return paymentProviderFor(config).info.name === 'sandbox';
}
