import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { feedEvents } from './feed-events.ts';
import { eventText, feedWords } from './feed-words.ts';
import { icsCalendar } from './ics-text.ts';

/**
 * The user's feed as iCalendar text. UIDs name the circle, cycle, kind and user, so a calendar app
 * replaces an event when its date or words change instead of adding a second one.
 */
export async function calendarFile(db: Db, userId: number, now: Date): Promise<string> {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  const language = user?.language ?? 'en';
  const events = (await feedEvents(db, userId)).map((event) => ({
    uid: `${event.kind}-g${event.groupId}-c${event.cycle}-u${userId}@savecircle`,
    date: event.date,
    ...eventText(event, language),
  }));
  return icsCalendar(feedWords(language).calendarName, events, now);
}
