import type { MessagingConfig } from '#server/config.ts';
import { sandboxMessageProvider } from './sandbox-provider.ts';

export type MessageChannel = 'sms' | 'mail';

export type OutgoingMessage = {
  channel: MessageChannel;
  /** A phone number (sms) or a postal address (mail). */
  destination: string;
  body: string;
  /** Unique per message (the row's send key): a carrier that takes one drops a resend with the same key. */
  key: string;
};

/**
 * What SaveCircle asks of an SMS carrier or mail house. Only the sandbox exists so far (SMS_PROVIDER
 * =sandbox, the default); a real one implements this and is picked in messageProviderFor. send()
 * resolves once the provider took the message and throws with a readable reason when it refused it.
 */
export interface MessageProvider {
  readonly name: MessagingConfig['provider'];
  send(message: OutgoingMessage): Promise<void>;
}

export function messageProviderFor(config: MessagingConfig): MessageProvider {
  switch (config.provider) {
    case 'sandbox':
      return sandboxMessageProvider;
  }
}

/**
 * Whether texts and letters are also shown to the person in the app (the notification bell). True
 * with the sandbox: no carrier or post office exists there, so the bell stands in for the phone and
 * the letterbox. Decided here so that no feature needs to know which provider runs. (It was the
 * payment provider's sandbox before texts had a provider of their own: with Stripe and no carrier a
 * code would otherwise reach nobody.)
 */
export function messagesShownInApp(config: MessagingConfig): boolean {
  return messageProviderFor(config).name === 'sandbox';
}

/** A provider's failure as an operator may read it: the message, bounded. */
export function providerErrorText(error: unknown): string {
  return String((error as { message?: string })?.message ?? error).slice(0, 500);
}
