import type { NotificationType } from '#server/core/notify.ts';
import { formatMoney, parseAmount } from '#shared/money.ts';
import type { EmailLanguage, Words } from '../languages.ts';
import { approvalWords } from './approval-emails.ts';
import { type RenderedEmail, renderEmail } from './layout.ts';
import { paymentReminderWords } from './payment-reminder-emails.ts';
import { payoutWords } from './payout-emails.ts';
import { referralWords } from './referral-emails.ts';
import { warningWords } from './warning-emails.ts';

/** A notification's data with amounts and dates already written for the reader's language. */
export type EmailData = Record<string, string>;

/** The words of one notification email in one language. */
export type NotificationEmailWords = {
  subject: (d: EmailData) => string;
  body: (d: EmailData) => string[];
  action: string;
};

/** The notification types that also go out by email; the rest stay in the app. */
const wordsOf: Partial<Record<NotificationType, Words<NotificationEmailWords>>> = {
  ...paymentReminderWords,
  ...payoutWords,
  ...approvalWords,
  ...warningWords,
  ...referralWords,
};

export const hasEmail = (type: NotificationType) => wordsOf[type] !== undefined;

const greeting: Words<(name: string) => string> = {
  en: (name) => `Hello ${name},`,
  es: (name) => `Hola, ${name}:`,
  fr: (name) => `Bonjour ${name},`,
  zh: (name) => `${name}，您好：`,
  ar: (name) => `مرحبًا ${name}،`,
  ko: (name) => `${name}님, 안녕하세요.`,
};

/** Where the button leads: the circle when there is one the reader belongs to, else their own page. */
function pageOf(type: NotificationType, groupId: number | null): string {
  if (type === 'withdrawal_failed') return '/withdrawal';
  if (type === 'withdrawal_completed') return '/history';
  if (type === 'application_rejected') return '/join-group';
  if (type === 'member_warned' && groupId !== null)
    return `/group-management?group=${groupId}&tab=reputation`;
  // The payout lands in the balance, which the dashboard's money cards show.
  if (type === 'payout_received') return '/dashboard';
  if (type === 'referral_reward_paid') return '/referral';
  return groupId === null ? '/dashboard' : `/groups/${groupId}`;
}

/** Amounts arrive as decimal strings ("25.00"), dates as YYYY-MM-DD: both written as the reader reads them. */
function localized(language: EmailLanguage, data: Record<string, string | number>): EmailData {
  const out: EmailData = {};
  for (const [key, value] of Object.entries(data)) out[key] = String(value);
  const cents = typeof data.amount === 'string' ? parseAmount(data.amount) : null;
  if (cents !== null) out.amount = formatMoney(cents, language);
  if (typeof data.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.dueDate))
    out.dueDate = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${data.dueDate}T00:00:00Z`),
    );
  return out;
}

/** The email for one notification, or null when this type is not mailed. */
export function notificationEmail(input: {
  type: NotificationType;
  language: EmailLanguage;
  fullName: string;
  groupId: number | null;
  data: Record<string, string | number>;
  publicUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail | null {
  const words = wordsOf[input.type]?.[input.language];
  if (!words) return null;
  const d = localized(input.language, input.data);
  return renderEmail({
    language: input.language,
    subject: words.subject(d),
    greeting: greeting[input.language](input.fullName),
    paragraphs: words.body(d),
    action: { label: words.action, url: `${input.publicUrl}${pageOf(input.type, input.groupId)}` },
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
