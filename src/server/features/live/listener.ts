import type { FastifyBaseLogger } from 'fastify';
import { LIVE_CHANNEL } from '#server/core/live.ts';
import type { Database } from '#server/db/client.ts';
import { liveEventSchema } from '#shared/schemas/live.ts';
import type { LiveHub } from './hub.ts';

/**
 * The process's one LISTEN on the live channel, feeding the hub. Started when the first stream
 * opens; stop() when the app closes. A payload that does not parse is dropped (and logged once in a
 * while): it cannot be routed safely.
 */
export function liveListener(database: Database, hub: LiveHub, log: FastifyBaseLogger) {
  let started: ReturnType<Database['listen']> | null = null;
  let dropped = 0;

  const onPayload = (payload: string) => {
    let parsed: ReturnType<typeof liveEventSchema.safeParse>;
    try {
      parsed = liveEventSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = liveEventSchema.safeParse(undefined);
    }
    if (parsed.success) hub.publish(parsed.data);
    else if (dropped++ % 1000 === 0) log.warn({ dropped }, 'live: dropped an event that does not parse');
  };

  return {
    start() {
      started ??= database
        .listen(LIVE_CHANNEL, {
          onPayload,
          onReconnect: () => {
            log.warn('live: database connection back; every open stream refetches');
            hub.resyncAll();
          },
        })
        .catch((error: unknown) => {
          started = null;
          throw error;
        });
      return started;
    },
    async stop() {
      const unlisten = await started?.catch(() => null);
      started = null;
      await unlisten?.();
    },
  };
}
