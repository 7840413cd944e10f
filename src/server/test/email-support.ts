import { desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';

/** The outbox rows sent to an address, newest first. */
export function emailsTo(db: Db, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
}

/** The token of the newest link to `page` (reset-password, verify-email) in the mail an address got. */
export async function tokenFromMail(db: Db, to: string, page: string): Promise<string> {
  for (const mail of await emailsTo(db, to)) {
    const match = new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail.textBody);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${page} link in the mail to ${to}`);
}
