// zod's mini build: every signed-in page parses these events, and the classic build would make the
// app shell load all of zod (93 KB) for one small union.
import * as z from 'zod/mini';

/**
 * What the server pushes on `GET /api/events` (Server-Sent Events). An event says what changed,
 * never the data itself: the screen refetches through the normal, access-checked reads.
 * messages / announcements: a group's chat or news; group: anything else on a group's pages
 * (contributions, payouts, approvals, members, settings); notifications: the caller's bell;
 * groups: the caller's list of groups (joined, removed); unread: the caller's unread chat counts (a read
 * on another screen).
 */
export const liveEventSchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('group'),
    groupId: z.int(),
    topic: z.enum(['messages', 'announcements', 'group']),
  }),
  z.object({
    scope: z.literal('user'),
    userId: z.int(),
    topic: z.enum(['notifications', 'groups', 'unread']),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * The SSE event name (beside the unnamed data events above) that tells a screen it may have missed
 * events, e.g. after the server lost its database connection: refetch everything on screen.
 */
export const LIVE_RESYNC_EVENT = 'resync';
