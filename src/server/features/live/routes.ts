import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupMembers } from '#server/db/groups-schema.ts';
import { liveStreamReply } from '#shared/schemas/live-stream.ts';
import { replies } from '#shared/schemas/replies.ts';
import { sessionToken, signedInUser } from '../auth/authenticate.ts';
import { sessionIsLive } from '../auth/sessions.ts';
import { LiveHub } from './hub.ts';
import { liveListener } from './listener.ts';
import { openLiveStream } from './stream.ts';

/** Streams one person may have open (tabs, devices); a new one past this closes their oldest. */
export const LIVE_STREAMS_PER_USER = 10;

/**
 * GET /api/events: the signed-in member's live updates as Server-Sent Events (decision 0025). The
 * stream is a reply body like any other, so the security headers apply; compression leaves
 * text/event-stream alone, and the per-person read limits do not list it. Closing the app ends
 * every open stream first, so a graceful shutdown does not wait on them.
 */
export async function liveRoutes(app: FastifyInstance, options: { heartbeatMs?: number } = {}) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const hub = new LiveHub({ perUser: LIVE_STREAMS_PER_USER, total: config.limits.liveStreamsMax });
  const listener = liveListener(database, hub, app.log);
  app.metrics.countLiveStreams(() => hub.size);

  const loadGroupIds = async (userId: number) => {
    const rows = await database.db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, userId));
    return new Set(rows.map((row) => row.groupId));
  };

  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => listener.stop());

  api.get(
    '/api/events',
    {
      schema: {
        tags: ['live'],
        summary: 'Live updates (Server-Sent Events): what changed, for the screens to refetch',
        // The stream, and a refusal before it opens as the usual JSON error reply.
        produces: ['text/event-stream', 'application/json'],
        response: replies({ 200: liveStreamReply }),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const token = sessionToken(request) ?? '';
      await listener.start();
      const { body } = openLiveStream({
        userId: user.id,
        groupIds: await loadGroupIds(user.id),
        hub,
        loadGroupIds: () => loadGroupIds(user.id),
        sessionIsLive: () => sessionIsLive(database.db, token, clock.now(), config.session),
        heartbeatMs: options.heartbeatMs,
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store, no-transform')
          .header('x-accel-buffering', 'no')
          // When the stream ends (shutdown, lost access), so does its connection: it must not linger as
          // an idle keep-alive that a closing server would wait on. The browser reconnects afresh anyway.
          .header('connection', 'close')
          // A stream, which Fastify pipes as is; the reply schema documents its text.
          .send(body as never)
      );
    },
  );
}
