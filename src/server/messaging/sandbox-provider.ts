import type { MessageProvider, OutgoingMessage } from './provider.ts';

/** Twilio's test number for "not a valid phone number": the sandbox refuses it, so failures can be tried. */
export const SANDBOX_UNREACHABLE_PHONE = '+15005550001';

const KEPT = 200;
const deliveries: (OutgoingMessage & { at: Date })[] = [];

/**
 * No carrier, no post office: a delivery is recorded here (the latest 200, in this process) and the
 * row is marked sent. The person reads the code in the notification bell, which the feature wrote
 * with the message while the sandbox runs (messagesShownInApp). A message with a key it
 * already took is not recorded twice, as a real carrier's idempotency key would do.
 */
export const sandboxMessageProvider: MessageProvider = {
  name: 'sandbox',
  async send(message) {
    if (message.channel === 'sms' && message.destination === SANDBOX_UNREACHABLE_PHONE)
      throw new Error(`sandbox: ${message.destination} is not a reachable phone number`);
    if (deliveries.some((d) => d.key === message.key)) return;
    deliveries.push({ ...message, at: new Date() });
    if (deliveries.length > KEPT) deliveries.splice(0, deliveries.length - KEPT);
  },
};

/** What the sandbox delivered, oldest first: for tests and a developer's eyes. */
export function sandboxDeliveries(): readonly (OutgoingMessage & { at: Date })[] {
  return deliveries;
}
