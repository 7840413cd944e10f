import type { AppContext } from '#server/app-context.ts';
import type { AdjustableClock } from '#server/clock.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { createAnnouncement } from '#server/features/chat/announcements.ts';
import { sendMessage } from '#server/features/chat/messages.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A little talk in the family tanda's chat around cycle 3, and one announcement; the app's own
 * messages (joins, confirmed contributions, payouts) came with the history itself.
 */
export async function seedFamilyChat(
  ctx: AppContext,
  clock: AdjustableClock,
  who: (username: string) => SessionUser,
  tandaId: number,
  realNow: Date,
) {
  const demo = who('demo');
  const at = (msAgo: number) => clock.set(new Date(realNow.getTime() - msAgo));
  const say = (person: SessionUser, message: string) =>
    sendMessage(ctx, person, tandaId, { message, messageType: 'text' });
  at(9 * DAY);
  await say(who('lucia'), 'Sent my share by Zelle this morning. Can you confirm when you see it?');
  at(9 * DAY - 2 * HOUR);
  await say(demo, 'Got it, thank you Lucía! It is confirmed.');
  at(3 * DAY);
  await say(who('sofia'), 'I will pay through mobile money this weekend, sorry for the wait.');
  at(2 * DAY);
  await createAnnouncement(ctx, demo, tandaId, {
    title: 'Cycle 3 payout',
    content:
      'Sofía receives this cycle’s pot as soon as everyone has paid. Please send your share by Friday.',
    priority: 'high',
    audience: 'all',
  });
  at(1 * DAY);
  await say(who('kwame'), 'Sorry everyone, my shop had a slow month. I will pay on Saturday.');
}
