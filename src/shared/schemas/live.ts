import { z } from 'zod';

/**
 * What the server pushes on `GET /api/events` (Server-Sent Events). An event says what changed,
 * never the data itself: the screen refetches through the normal, access-checked reads.
 * messages / announcements: a group's chat or news; group: anything else on a group's pages
 * (contributions, payouts, approvals, members, settings); notifications: the caller's bell;
 * groups: the caller's list of groups (joined, removed, unread counts).
 */
export const liveEventSchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('group'),
    groupId: z.number().int(),
    topic: z.enum(['messages', 'announcements', 'group']),
  }),
  z.object({
    scope: z.literal('user'),
    userId: z.number().int(),
    topic: z.enum(['notifications', 'groups']),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
